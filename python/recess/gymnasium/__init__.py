"""Gymnasium environments over recess games."""
