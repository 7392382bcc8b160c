"""What reading an uninitialised value is (`CFA.uninitialized`, the option `--uninitialized`):
undefined behaviour (the default), or a fresh nondet value at each read.  A module of its own
so that the command line names the choices without importing the CFA's types."""

UNDEFINED = "undefined"
NONDET = "nondet"
UNINITIALIZED_READINGS = (UNDEFINED, NONDET)
