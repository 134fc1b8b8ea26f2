/// The command line: see `StorageConformanceCommand`.
