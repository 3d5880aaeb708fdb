"""The testbeds: each turns a seed question into cases (noise, negative, integration, counterfactual, and
conflict, style, position, injection), drawing passages from the chunk pool and planting values."""
