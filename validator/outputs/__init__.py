"""What a run writes: JSON report and human lines, certificates, violation witnesses (writer and
checker), YAML output."""
