"""The gcc-compiled program: one C harness, the toolchain check, replay of counterexamples."""
