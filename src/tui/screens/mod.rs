pub mod play;
pub mod review;
pub mod start;
