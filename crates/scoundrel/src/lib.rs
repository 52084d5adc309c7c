//! `scoundrel`: under construction in this workspace.
