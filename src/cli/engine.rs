//! `tictaclatin engine`: a line protocol on stdin/stdout (see `core::protocol`).

use std::io::{self, BufRead, BufReader, Write};

use super::Failure;
use super::game_args::EngineArgs;
use tictaclatin::core::Difficulty;
use tictaclatin::core::protocol::Session;

pub fn run(args: &EngineArgs) -> Result<(), Failure> {
    let loaded = args.game.load()?;
    let player = loaded
        .engine
        .player(
            Difficulty::Perfect.name(),
            args.game.player_options(1, args.threads.count()),
        )
        .map_err(|e| Failure::bad_input(e.to_string()))?;
    let mut session = Session {
        game: loaded.game.as_ref(),
        engine: loaded.engine.as_ref(),
        player,
    };
    let stdin = io::stdin();
    let mut input = BufReader::with_capacity(1 << 16, stdin.lock());
    let mut output = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut line = Vec::new();
    let io_failure = |e: io::Error| Failure {
        message: format!("engine: {e}"),
        code: 1,
    };
    loop {
        line.clear();
        // Read bytes, not a String: a line that is not UTF-8 is a bad request to answer with
        // `error`, not a reason to stop serving.
        if input.read_until(b'\n', &mut line).map_err(io_failure)? == 0 {
            break;
        }
        let reply = match std::str::from_utf8(&line) {
            Ok(request) => session.reply(request),
            Err(_) => Some("error the request is not valid UTF-8 text".to_string()),
        };
        match reply {
            Some(reply) => writeln!(output, "{reply}").map_err(io_failure)?,
            None => break,
        }
        // Every reply is on its way before we wait for more input: flush unless another
        // whole request is already buffered, so a batch is answered at full speed.
        if !input.buffer().contains(&b'\n') {
            output.flush().map_err(io_failure)?;
        }
    }
    output.flush().map_err(io_failure)
}
