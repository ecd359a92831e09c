"""Adapters to learning frameworks: `openspiel` (the `openspiel` extra) and `pettingzoo` (the
`pettingzoo` extra). See docs/ai.md."""
