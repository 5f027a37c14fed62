"""Checks on a build: each rule has a stable code, a name, a severity and its own documentation."""
