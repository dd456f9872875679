//! `tictaclatin completions SHELL` and `tictaclatin man`: the shell's completions and the
//! manual page, made from the same definitions as `--help` (hidden flags and aliases left out).

use std::io::Write;

use clap::CommandFactory;
use clap_complete::Shell;

use super::{Cli, Failure};

/// Writes the completion script for `shell` to stdout.
pub fn completions(shell: Shell) -> Result<(), Failure> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "tictaclatin", &mut script);
    write(&script)
}

/// Writes the manual page (roff, for `man -l -`) of the program, or of the command the
/// path of names leads to (`book verify`: the page `tictaclatin-book-verify(1)`), to stdout.
pub fn man(names: &[String]) -> Result<(), Failure> {
    let mut page = Cli::command();
    page.build(); // names each command's page after the commands above it
    for name in names {
        let found = page
            .find_subcommand(name)
            .filter(|command| !command.is_hide_set());
        let Some(found) = found.cloned() else {
            let within = page
                .get_display_name()
                .unwrap_or("tictaclatin")
                .replace('-', " ");
            return Err(Failure::bad_input(format!(
                "no command `{name}` in `{within}` (see `{within} --help`)"
            )));
        };
        page = found;
    }
    let mut roff = Vec::new();
    let rendered = clap_mangen::Man::new(page).render(&mut roff);
    rendered.map_err(|e| Failure::other(format!("cannot make the manual page: {e}")))?;
    write(&roff)
}

fn write(bytes: &[u8]) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|e| Failure::other(format!("cannot write the output: {e}")))
}
