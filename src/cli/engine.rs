//! `tictaclatin engine`: a line protocol on stdin/stdout.
//!
//! Requests: `POSITION` or `move POSITION` -> `move <cell> <value> <plies>`;
//! `analyze POSITION` -> `analyze <cell>=<value>:<plies> ...`; a finished game -> `over
//! x|o|draw`; anything else -> `error <message>`. `quit` or end of input ends the session.

use std::io::{self, BufRead, BufReader, Write};

use super::Failure;
use tictaclatin::engine;
use tictaclatin::solver::Solver;

pub fn run() -> Result<(), Failure> {
    let solver = Solver::new();
    let stdin = io::stdin();
    let mut input = BufReader::with_capacity(1 << 16, stdin.lock());
    let mut output = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut line = String::new();
    let io_failure = |e: io::Error| Failure {
        message: format!("engine: {e}"),
        code: 1,
    };
    loop {
        line.clear();
        if input.read_line(&mut line).map_err(io_failure)? == 0 {
            break;
        }
        match engine::reply(&solver, &line) {
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
