//! `tictaclatin play`: the terminal game.

use clap::Args;

use super::Failure;

#[derive(Args, Debug, Default)]
pub struct PlayArgs {}

pub fn run(_args: PlayArgs) -> Result<(), Failure> {
    Err(Failure {
        message: "the terminal game is not built yet".into(),
        code: 1,
    })
}
