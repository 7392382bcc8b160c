"""Running the validator in others' frameworks: BenchExec's tool-info module, batch mode."""
