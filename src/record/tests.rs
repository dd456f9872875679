use rand::rngs::Xoshiro256PlusPlus as SmallRng;
use rand::{RngExt, SeedableRng};

use super::*;
use crate::games::all_choices;

/// A random game of `game` to its end, as a record with a few tags, glyphs and comments.
fn random_record(game: Arc<dyn Game>, seed: u64) -> Record {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut record = Record::new(game);
    record.set_tag("First", "Ann \"the bold\"");
    record.set_tag("Second", "Bot");
    record.set_tag("SecondPlayer", "random");
    record.preface = Some(format!("seed {seed}"));
    let mut position = record.start_position();
    while !position.status().is_over() {
        let moves = position.legal_moves();
        let mv = moves[rng.random_range(0..moves.len())];
        let mut m = MoveEntry::new(mv);
        if rng.random_range(0..5) == 0 {
            m.glyph = Some(Glyph::Dubious);
            m.comment = Some("a {curly} thought".into());
        }
        record.moves.push(m);
        position = position.play(mv).unwrap();
    }
    record.outcome = position.status();
    record
}

#[test]
fn every_game_and_variant_reads_back_what_it_wrote() {
    for choice in all_choices() {
        let game = games::build(choice).unwrap();
        for seed in 0..4 {
            let record = random_record(game.clone(), seed);
            let text = record.to_text();
            let back = read(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", game.key()));
            assert_eq!(back.game.key(), game.key());
            assert_eq!(back.tags, record.tags);
            assert_eq!(back.outcome, record.outcome);
            // Comments lose their braces, which cannot stand in one.
            let expected: Vec<_> = record
                .moves
                .iter()
                .map(|m| MoveEntry {
                    comment: m.comment.as_ref().map(|c| c.replace(['{', '}'], "")),
                    ..m.clone()
                })
                .collect();
            assert_eq!(back.moves, expected, "{}", game.key());
            assert_eq!(back.to_text(), text, "a record reads back to the same text");
        }
    }
}

#[test]
fn a_game_from_a_position_keeps_its_start_and_numbers_from_the_second_side() {
    let game = games::build(GameChoice::of(crate::games::GameKind::Classic)).unwrap();
    let mut record = Record::new(game.clone());
    let empty = game.start();
    let start = empty
        .play(game.parse_move(empty.as_ref(), "b2").unwrap())
        .unwrap();
    let a1 = game.parse_move(start.as_ref(), "a1").unwrap();
    record.start = Some(start);
    record.moves.push(MoveEntry::new(a1));
    let text = record.to_text();
    assert!(text.contains("[Start \""), "{text}");
    assert!(text.contains("1... a1 *"), "{text}");
    let back = read(&text).unwrap();
    assert_eq!(back.positions().last().unwrap().stones(), 2);
}

#[test]
fn extreme_marks_its_bonus_moves() {
    let game = games::build(GameChoice::of(crate::games::GameKind::Extreme)).unwrap();
    let texts: String = (0..6)
        .map(|seed| random_record(game.clone(), seed).to_text())
        .collect();
    assert!(
        texts.contains(" +"),
        "random extreme games win small boards"
    );
}

fn problem(text: &str) -> RecordError {
    read(text).err().unwrap_or_else(|| panic!("read: {text}"))
}

const HEAD: &str = "[Record \"1\"]\n[Game \"classic-3\"]\n[Result \"1-0\"]\n\n";

#[test]
fn a_problem_names_its_line_when_one_is_to_blame() {
    let problem = |line| RecordError {
        line,
        problem: "cut short".into(),
    };
    assert_eq!(problem(Some(4)).to_string(), "line 4: cut short");
    assert_eq!(problem(None).to_string(), "cut short");
}

#[test]
fn bad_records_say_what_is_wrong_and_where() {
    let ok = format!("{HEAD}1. a1 b1 2. a2 b2 3. a3 1-0\n");
    assert!(read(&ok).is_ok());
    let cases: [(String, Option<usize>, &str); 12] = [
        (String::new(), None, "empty"),
        ("hello\n".into(), Some(1), "not a tictaclatin game record"),
        ("[Record \"2\"]\n".into(), Some(1), "newer tictaclatin"),
        (
            "[Record \"1\"]\n[Game \"chess\"]\n[Result \"*\"]\n*\n".into(),
            Some(2),
            "no game this build knows",
        ),
        (
            "[Record \"1\"]\n[Game \"classic-9\"]\n[Result \"*\"]\n*\n".into(),
            Some(2),
            "classic",
        ),
        (
            "[Record \"1\"]\n[Result \"*\"]\n*\n".into(),
            None,
            "no [Game]",
        ),
        (
            format!("{HEAD}1. a1 b1 2. a1"),
            Some(5),
            "move 3 (a1) is illegal",
        ),
        (format!("{HEAD}1. a1 b1 2. z9"), Some(5), "move 3 (z9)"),
        (format!("{HEAD}1. a1 b1 2. a2 b2"), None, "cut short"),
        (
            format!("{HEAD}1. a1 b1 2. a2 b2 1-0"),
            Some(3),
            "still in play",
        ),
        (
            format!("{HEAD}1. a1 b1 2. a2 b2 3. a3 0-1"),
            Some(5),
            "[Result] tag says 1-0",
        ),
        (format!("{HEAD}1. a1 +b1"), Some(5), "no bonus move"),
    ];
    for (text, line, words) in cases {
        let e = problem(&text);
        assert_eq!(e.line, line, "{text:?}: {e}");
        assert!(e.to_string().contains(words), "{text:?}: {e}");
    }
    // A forfeit may end a game still in play, with a winner.
    let forfeit = "[Record \"1\"]\n[Game \"classic-3\"]\n[Termination \"time out\"]\n\
                   [Result \"0-1\"]\n1. a1 0-1\n";
    assert!(read(forfeit).is_ok());
}

#[test]
fn files_too_big_binary_or_missing_are_refused_without_reading_them_whole() {
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str, bytes: &[u8]| {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        read_file(&path).unwrap_err().to_string()
    };
    assert!(file("junk", &[0xff, 0xfe, 0, 1]).contains("line 1: not UTF-8"));
    assert!(file("long", &vec![b'a'; 20_000]).contains("line 1: longer than 16 KiB"));
    let huge = dir.path().join("huge");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(5 * 1024 * 1024)
        .unwrap();
    assert!(
        read_file(&huge)
            .unwrap_err()
            .to_string()
            .contains("larger than 4 MiB")
    );
    let missing = read_file(&dir.path().join("nope")).unwrap_err();
    assert_eq!(missing.to_string(), "no such file");
}

#[test]
fn dates_are_the_calendar_s() {
    use std::time::Duration;
    let at = |seconds: u64| utc(UNIX_EPOCH + Duration::from_secs(seconds));
    assert_eq!(at(0), ("1970-01-01".into(), "00:00:00".into()));
    // 2000-02-29 12:34:56 UTC, a leap day of a century leap year.
    assert_eq!(at(951_827_696), ("2000-02-29".into(), "12:34:56".into()));
    // 2026-11-24 19:40:12 UTC.
    assert_eq!(at(1_795_549_212), ("2026-11-24".into(), "19:40:12".into()));
    assert_eq!(
        file_stamp(UNIX_EPOCH + Duration::from_secs(1_795_549_212)),
        "20261124-194012"
    );
    // A clock past the year 9999 reads as its last second, not a panic.
    assert_eq!(at(u64::MAX / 4), ("9999-12-31".into(), "23:59:59".into()));
}
