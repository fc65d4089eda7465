"""Bot research: the arena (duplicate deals between levels), the search as an oracle, the frozen
reference heuristics (*_v1, the arena's level "v1"), rollout-cost and thinking-time studies."""
