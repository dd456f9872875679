//! `tictaclatin engine`: a line protocol on stdin/stdout (see `core::protocol`).

use std::io::{self, BufReader, Write};

use super::Failure;
use super::game_args::{EngineArgs, build, strongest};
use tictaclatin::core::bounded::{self, LINE_CAP, Line};
use tictaclatin::core::protocol::ProtocolSession;

pub fn run(args: &EngineArgs) -> Result<(), Failure> {
    let game = build(&args.game)?;
    let engine = game.engine();
    let player = strongest(&args.game, engine.as_ref(), args.threads.count())?;
    let mut session = ProtocolSession {
        budget: args.budget.fixed()?,
        threads: args.threads.count(),
        ..ProtocolSession::new(game.as_ref(), engine.as_ref(), player)
    };
    let mut input = BufReader::with_capacity(1 << 16, io::stdin().lock());
    let mut output = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut line = Vec::new();
    let io_failure = |e: io::Error| Failure::other(format!("engine: {e}"));
    loop {
        // Read bytes, not a String: a line that is not UTF-8 is a bad request to answer with
        // `error`, not a reason to stop serving. At most `LINE_CAP` bytes of a line are
        // held: a longer one is refused at once and the rest of it skipped unread.
        let reply = match bounded::read_line(&mut input, &mut line, LINE_CAP) {
            Ok(Line::End) => break,
            Ok(Line::TooLong) => {
                writeln!(output, "{}", too_long()).map_err(io_failure)?;
                output.flush().map_err(io_failure)?;
                bounded::skip_line(&mut input).map_err(io_failure)?;
                continue;
            }
            Ok(Line::Read) => match std::str::from_utf8(&line) {
                Ok(request) => session.reply(request),
                Err(_) => Some("error the request is not valid UTF-8 text".to_string()),
            },
            Err(e) => return Err(io_failure(e)),
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

fn too_long() -> String {
    format!(
        "error the request is longer than {} KiB (a position is a few hundred bytes at most); the \
         rest of the line is skipped",
        LINE_CAP / 1024
    )
}
