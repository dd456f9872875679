mod board;
mod panel;

pub use board::BoardWidget;
pub use panel::PanelWidget;
