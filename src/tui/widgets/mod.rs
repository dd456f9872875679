mod board;
mod panel;

pub use board::{BoardWidget, stand_ins};
pub use panel::PanelWidget;
