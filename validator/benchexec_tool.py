"""The BenchExec tool-info module under its contract name: `<benchmark tool="validator.benchexec_tool">`.

The module itself is `validator.integration.benchexec_tool`; this name is fixed by DESIGN.md
(other tools' benchmark definitions use it), so it stays importable here.
"""
from .integration.benchexec_tool import Tool, timeout_for

__all__ = ["Tool", "timeout_for"]
