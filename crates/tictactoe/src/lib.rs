//! `tictactoe`: under construction in this workspace.
