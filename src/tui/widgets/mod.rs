pub mod board;
pub mod panel;
