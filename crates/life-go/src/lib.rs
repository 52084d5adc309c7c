//! `life-go`: under construction in this workspace.
