//! Classic through the games interface: names, positions, errors, players.

use tictaclatin::core::game_loop::{Clock, Played, Rules, play_game, play_match};
use tictaclatin::core::{
    CellId, Claim, Game, Hint, Move, MoveError, Player, PlayerOptions, Side, Status, Value,
};
use tictaclatin::games::classic::Variant;

#[test]
fn keys_titles_and_layout() {
    let g = Variant::new(3, None).unwrap();
    assert_eq!(
        (g.key(), g.title()),
        ("classic-3".into(), "Classic 3x3".into())
    );
    let g = Variant::new(4, Some(3)).unwrap();
    assert_eq!(
        (g.key(), g.title()),
        ("classic-4k3".into(), "Classic 4x4, 3 in a row".into())
    );
    assert_eq!(g.layout().cell_count(), 16);
    let g7 = Variant::new(7, None).unwrap();
    for i in 0..49 {
        let cell = CellId::new(i);
        assert_eq!(g7.cell_at(g7.place(cell)), Some(cell));
        assert_eq!(g7.parse_cell(&g7.cell_name(cell)), Ok(cell));
    }
    assert_eq!(
        Variant::new(8, None).unwrap_err().to_string(),
        "size 8 is not in 3..7"
    );
    assert_eq!(
        Variant::new(2, None).unwrap_err().to_string(),
        "size 2 is not in 3..7"
    );
}

#[test]
fn positions_play_and_refuse() {
    let g = Variant::new(3, None).unwrap();
    let p = g.parse_position("XX-/OO-/---").unwrap();
    assert_eq!(p.to_move(), Side::First);
    assert_eq!(p.legal_moves().len(), 5);
    let taken = p.play(g.parse_move(p.as_ref(), "a1").unwrap()).unwrap_err();
    assert_eq!(taken, MoveError::Taken("a1 is taken".into()));
    assert!(matches!(
        p.play(Move::new(9)),
        Err(MoveError::NotAllowed(_))
    ));
    let won = p.play(g.parse_move(p.as_ref(), "3").unwrap()).unwrap();
    assert_eq!(won.status(), Status::Won(Side::First));
    assert!(won.legal_moves().is_empty());
    assert_eq!(won.play(Move::new(8)).unwrap_err(), MoveError::GameOver);
    let lines = won.marked_lines();
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].cells, [0, 1, 2].map(CellId::new));
    assert_eq!(won.text(), "XXX/OO-/---");
    let e = Variant::new(5, None)
        .unwrap()
        .parse_position(&"-".repeat(24))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "a 5x5 position has 25 cells, this one has 24"
    );
}

#[test]
fn players_that_do_not_fit_say_why() {
    let e4 = Variant::new(4, None).unwrap().engine();
    let err = |name| {
        e4.player(name, PlayerOptions::seeded(1))
            .err()
            .unwrap()
            .to_string()
    };
    assert_eq!(err("rule-list"), "rule-list needs an odd size, 4 is even");
    assert_eq!(
        err("d10"),
        "d10 plays only on 3x3 (three in a row), not on 4x4"
    );
    assert!(
        err("chess")
            .starts_with("unknown player 'chess' for classic 4x4: use random, greedy, perfect")
    );
    let e3 = Variant::new(3, None).unwrap().engine();
    assert!(e3.player_names().contains(&"d10".to_string()));
    assert!(!e4.player_names().contains(&"rule-list".to_string()));
}

#[test]
fn exact_hints_and_values_on_small_boards() {
    let g = Variant::new(3, None).unwrap();
    let e = g.engine();
    assert!(e.instant_hints());
    let start = g.start();
    assert_eq!(e.value(start.as_ref()), Some(Value::draw_in(9)));
    let p = g.parse_position("XX-/OO-/---").unwrap();
    let hints = e.hints(p.as_ref());
    assert_eq!(hints.len(), 5);
    assert_eq!(
        hints[0],
        (Move::new(2), Hint::Proven(Claim::Exact(Value::win_in(1))))
    );
}

#[test]
fn perfect_wins_4x4_three_in_a_row_as_first() {
    let g = Variant::new(4, Some(3)).unwrap();
    let e = g.engine();
    let mut perfect = e.player("perfect", PlayerOptions::seeded(0)).unwrap();
    let mut greedy = e.player("greedy", PlayerOptions::seeded(5)).unwrap();
    for _ in 0..20 {
        let result = game_of(&g, [perfect.as_mut(), greedy.as_mut()]);
        assert_eq!(result.last.status(), Status::Won(Side::First));
    }
}

#[test]
fn perfect_never_loses_the_drawn_boards() {
    for (n, k) in [(3, None), (4, None)] {
        let g = Variant::new(n, k).unwrap();
        let e = g.engine();
        for opponent in ["random", "greedy"] {
            let mut perfect = e.player("perfect", PlayerOptions::seeded(0)).unwrap();
            let mut other = e.player(opponent, PlayerOptions::seeded(5)).unwrap();
            let rules = Rules {
                game: &g,
                clock: Clock::Off,
            };
            let players: [&mut dyn Player; 2] = [perfect.as_mut(), other.as_mut()];
            let t = play_match(rules, g.start().as_ref(), players, 40).unwrap();
            assert_eq!(t.second_wins, 0, "{n}x{n} against {opponent}: {t:?}");
        }
    }
}

#[test]
fn seed_players_finish_games() {
    let g = Variant::new(3, None).unwrap();
    let e = g.engine();
    for (a, b) in [
        ("d10", "random"),
        ("rule-list", "greedy"),
        ("random", "d10"),
    ] {
        let mut pa = e.player(a, PlayerOptions::seeded(1)).unwrap();
        let mut pb = e.player(b, PlayerOptions::seeded(2)).unwrap();
        for _ in 0..50 {
            let result = game_of(&g, [pa.as_mut(), pb.as_mut()]);
            assert!(result.last.status().is_over());
        }
    }
}

#[test]
fn big_boards_hint_with_proofs_where_a_quick_search_finds_them() {
    use std::time::{Duration, Instant};
    let g = Variant::new(5, Some(4)).unwrap();
    let e = g.engine();
    assert!(!e.instant_hints());
    // X to move: a1 b1 c1 wins at d1; O threatens nothing yet.
    let p = g.parse_position("XXX--/OO---/O----/-----/-----").unwrap();
    assert_eq!(e.value(p.as_ref()), None);
    let t = Instant::now();
    let hints = e.hints(p.as_ref());
    assert!(
        t.elapsed() < Duration::from_millis(400),
        "{:?}",
        t.elapsed()
    );
    assert_eq!(hints.len(), 19);
    let d1 = Move::place(g.parse_cell("d1").unwrap());
    let hint = hints.iter().find(|(c, _)| *c == d1).unwrap().1;
    assert_eq!(hint, Hint::Proven(Claim::Exact(Value::win_in(1))));
    // X: a1 b1 e5, O: a3 b3 c3, X to move: every move but the block at d3 loses at once.
    let p = g.parse_position("XX---/-----/OOO--/-----/----X").unwrap();
    let d3 = Move::place(g.parse_cell("d3").unwrap());
    for (cell, hint) in e.hints(p.as_ref()) {
        if cell != d3 {
            assert_eq!(
                hint,
                Hint::Proven(Claim::Exact(Value::loss_in(2))),
                "{cell:?}"
            );
        }
    }
}

#[test]
fn big_board_players_answer_within_their_budget() {
    use std::time::{Duration, Instant};
    let g = Variant::new(7, None).unwrap();
    let e = g.engine();
    let options = PlayerOptions {
        movetime: Duration::from_millis(50),
        ..PlayerOptions::seeded(3)
    };
    for name in [
        "perfect",
        "hard",
        "medium",
        "easy",
        "greedy",
        "random",
        "rule-list",
    ] {
        let mut p = e.player(name, options).unwrap();
        let t = Instant::now();
        let d = p.decide(g.start().as_ref()).unwrap();
        assert!(
            t.elapsed() < Duration::from_millis(100),
            "{name}: {:?}",
            t.elapsed()
        );
        assert!(g.start().play(d.mv).is_ok());
    }
}

#[test]
fn the_rule_lists_published_figures_come_with_its_pairings() {
    let engine = Variant::new(3, None).unwrap().engine();
    let p = engine.published("random", "rule-list").unwrap();
    assert_eq!(
        (p.games, p.first_wins, p.second_wins, p.draws),
        (50_000, 292, 42_986, 6_722)
    );
    assert_eq!(
        p.source,
        "the C# program of the post \"Don't lose on Tic-Tac-Toe 99% of the time\""
    );
    let p = engine.published("rule-list", "random").unwrap();
    assert_eq!(
        (p.games, p.first_wins, p.second_wins, p.draws),
        (50_000, 48_306, 0, 1_694)
    );
    assert!(engine.published("rule-list", "greedy").is_none());
    let bigger = Variant::new(5, None).unwrap().engine();
    assert!(bigger.published("random", "rule-list").is_none());
}

/// One game of `players` (the first moves first) from the empty board, with no clock.
fn game_of(g: &dyn Game, players: [&mut dyn Player; 2]) -> Played {
    let rules = Rules {
        game: g,
        clock: Clock::Off,
    };
    play_game(rules, g.start(), players, &mut |_, _, _| {}).expect("legal moves")
}
