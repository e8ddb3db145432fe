"""Our PC-1 tapes, shipped as package data: annotated sources (.pc1), the tapes punched from
them (.ptr R0 source tapes, .ptw binary initial-load tapes), listings (.lst), operator scripts
and manifest.toml, which describes each program. Read them through pc1.devices.tape_library."""
