//! `cards-core`: under construction in this workspace.
