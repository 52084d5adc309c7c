//! `big-two-reversal`: under construction in this workspace.
