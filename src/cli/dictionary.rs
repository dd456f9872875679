//! `tictaclatin book ... --game qubic` (and `--game classic --size 4 --in-a-row 3`): the
//! dictionary tools for a first player who wins.

use std::path::Path;
use std::time::Instant;

use clap::ValueEnum;

use super::Failure;
use tictaclatin::core::words::plural;
use tictaclatin::games::qubic::dictionary::{self, Canonical, Dictionary, DictionaryError, verify};
use tictaclatin::games::qubic::geometry::Geometry;
use tictaclatin_research::dictionary::{compress, export};

/// `1 entry`, `2 entries`: a count of things this module keeps in `usize`.
pub(super) fn count(n: usize, one: &str, many: &str) -> String {
    plural(n as u64, one, many)
}

/// Which of the header's rules X may use while a dictionary is verified.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum, Default)]
pub(crate) enum RulesArg {
    /// Win at once, else block, else the dictionary, else a forced win (the header's
    /// procedure)
    #[default]
    Procedure,
    /// Win at once, else the dictionary (for a complete dictionary)
    WinThenDictionary,
    /// The dictionary alone, every reply played out (is it exhaustive by itself?)
    DictionaryOnly,
}

/// Reads a dictionary file (once, within the caps on line length and file size); a bad
/// line is bad input (exit 2) naming its line.
fn read(g: &dyn Geometry, file: &Path) -> Result<Dictionary, Failure> {
    let text = dictionary::read_text(file).map_err(|e| Failure::bad_input(e.to_string()))?;
    parse(g, &text, file)
}

/// Parses a dictionary's text, `file` naming it in messages.
fn parse(g: &dyn Geometry, text: &str, file: &Path) -> Result<Dictionary, Failure> {
    dictionary::parse(g, text, canonical_rule(text)).map_err(|e| match e {
        DictionaryError::Io { .. } => Failure::bad_input(e.to_string()),
        _ => Failure::bad_input(format!("{}: {e}", file.display())),
    })
}

/// Patashnik's run-length files keep every position canonical; a wildcard file compressed
/// up to symmetry may hold any image.
fn canonical_rule(text: &str) -> Canonical {
    let looks_runlength = text.contains("\n----") || text.starts_with("----");
    if looks_runlength {
        Canonical::Required
    } else {
        Canonical::AnyImage
    }
}

fn verify_options(rules: RulesArg) -> verify::VerifyOptions {
    let rules = match rules {
        RulesArg::Procedure => verify::VerifyRules::Procedure,
        RulesArg::WinThenDictionary => verify::VerifyRules::WinThenDictionary,
        RulesArg::DictionaryOnly => verify::VerifyRules::DictionaryOnly,
    };
    verify::VerifyOptions {
        parallel: true,
        time_moves: false,
        rules,
    }
}

/// `book verify`: exhaustive or the first position where X has no winning continuation;
/// without `file`, of the `shipped` dictionary.
pub fn verify(
    g: &dyn Geometry,
    file: Option<&Path>,
    shipped: &str,
    rules: RulesArg,
) -> Result<(), Failure> {
    let name = Path::new("the shipped dictionary");
    let dictionary = file.map_or_else(|| parse(g, shipped, name), |file| read(g, file))?;
    let file = file.unwrap_or(name);
    match verify::verify(g, &dictionary, verify_options(rules)) {
        Ok(report) => {
            outln!("{}", report.summary());
            let [win, block, from_dictionary, forced] = report.by_rule;
            outln!(
                "X's moves: {} at once, {}, {from_dictionary} from the dictionary, {} \
                 (positions counted once up to symmetry)",
                count(win, "win", "wins"),
                count(block, "block", "blocks"),
                count(forced, "forced win", "forced wins")
            );
            let lines: Vec<String> = report
                .unreached
                .iter()
                .map(|&i| dictionary.entries[i].line.to_string())
                .collect();
            match lines.len() {
                0 => outln!("Every entry is reached by some game."),
                1 => outln!("1 entry no game reaches, on line {}", lines[0]),
                n => outln!("{n} entries no game reaches, on lines {}", lines.join(", ")),
            }
            match report.repeats.len() {
                0 => {}
                1 => outln!(
                    "1 entry repeats an earlier entry's position up to symmetry (the first is \
                     played)"
                ),
                n => outln!(
                    "{n} entries repeat an earlier entry's position up to symmetry (the first \
                     is played)"
                ),
            }
            Ok(())
        }
        Err(failure) => Err(Failure::other(format!("{}: {failure}", file.display()))),
    }
}

/// `book export`: the dictionary less the entries no game reaches, or (`complete`) every
/// position X meets without a win at once; run-length, or wildcards when `compressed`;
/// the dictionary comes with the credit its header gives.
pub fn export(
    g: &dyn Geometry,
    (builtin, credit): (&str, Vec<String>),
    complete: bool,
    compressed: bool,
) -> Result<(), Failure> {
    let dictionary = dictionary::parse(g, builtin, canonical_rule(builtin))
        .map_err(|e| Failure::bad_input(format!("the shipped dictionary: {e}")))?;
    let started = Instant::now();
    let report =
        verify::verify(g, &dictionary, verify_options(RulesArg::Procedure)).map_err(|failure| {
            Failure::other(format!("the shipped dictionary does not hold: {failure}"))
        })?;
    let positions = if complete {
        export::complete(&report)
    } else {
        export::positions(&export::pruned(&dictionary, &report))
    };
    let what = if complete { "complete" } else { "pruned" };
    let counted = count(positions.len(), "position", "positions");
    let mut header = credit;
    header.push(format!("The {what} dictionary: {counted}."));
    let text = if compressed {
        let options = compress::CompressOptions::for_size(positions.len());
        let lines = compress::compress(g, &positions, options);
        errln!(
            "{what} dictionary: {counted} in {} compressed ({:.1} s)",
            count(lines.len(), "line", "lines"),
            started.elapsed().as_secs_f64()
        );
        export::wildcard_text(g, &header, &lines)
    } else {
        errln!(
            "{what} dictionary: {} ({:.1} s)",
            count(positions.len(), "line", "lines"),
            started.elapsed().as_secs_f64()
        );
        export::runlength_text(g, &header, &positions)
    };
    out!("{text}");
    Ok(())
}

/// `book compress`: wildcard lines up to symmetry on stdout; the count on stderr.
pub fn compress(g: &dyn Geometry, file: &Path) -> Result<(), Failure> {
    let positions = export::positions(&read(g, file)?);
    let options = compress::CompressOptions::for_size(positions.len());
    let lines = compress::compress(g, &positions, options);
    out!("{}", export::wildcard_text(g, &[], &lines));
    errln!(
        "compressed {} into {} (up to the {} symmetries)",
        count(positions.len(), "position", "positions"),
        count(lines.len(), "line", "lines"),
        g.symmetry_count()
    );
    Ok(())
}

/// `book expand`: one run-length line per position.
pub fn expand(g: &dyn Geometry, file: &Path) -> Result<(), Failure> {
    let positions = export::positions(&read(g, file)?);
    out!("{}", export::runlength_text(g, &[], &positions));
    Ok(())
}
