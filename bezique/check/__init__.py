"""The testing toolkit: the invariants (`invariants`, `reuse`), playouts (`playout`), the
hypothesis strategies (`strategies`, needs hypothesis) and rules scenarios (`scenario`,
`scenario_checks`). See docs/testing.md and docs/scenarios.md."""
