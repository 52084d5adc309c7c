//! `duel-rules`: under construction in this workspace.
