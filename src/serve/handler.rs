//! One SSH connection, as the server answers it. The user name is the person's name; their
//! key, when they offer one, is who they are (with the code too, on a server that has one);
//! the code, a listed key or (with `--open`) any key lets them in. Their shell request
//! opens the game in their terminal; a command names a room to go straight to (`den`, or
//! `den TICKET` for a person without a key taking their seat back). Nothing else is
//! granted: no command is run, no subsystem (sftp) started, no port or agent forwarded,
//! no environment taken.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Sender};

use russh::server::PublicKeyOffer;
use russh::server::{Auth, ChannelOpenHandle, Handler, Msg, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, ChannelOpenFailure, MethodKind, MethodSet, Pty};

use super::guest::{self, Setup};
use super::input::{Input, Resizes};
use super::limits::{Slot, Stage};
use super::outbox::Outbox;
use super::rooms::room_name;
use super::server::Server;
use super::table::{Person, PersonId};
use crate::tui::Event;

/// Keys and clicks a person may have sent and the game not yet applied; past it, more
/// input is dropped (no hand types that fast).
pub const MAX_QUEUED: usize = 256;

/// Wrong codes a connection may try.
pub const TRIES: usize = 3;

/// The largest terminal drawn: a bigger one is drawn at this size.
const MAX_COLUMNS: u16 = 500;
const MAX_ROWS: u16 = 200;

/// Said when a request other than the game's is refused.
const ONLY_THE_GAME: &str =
    "tictaclatin serves its game only: no commands, files or forwarding.\r\n";

pub(crate) struct Connection {
    server: Arc<Server>,
    /// Where the connection comes from, for the server's log.
    peer: std::net::IpAddr,
    slot: Arc<Slot>,
    /// Their key's fingerprint, once it signed.
    key: Option<String>,
    /// The person's name once they are in, or why their user name cannot be one.
    name: Option<Result<String, String>>,
    wrong_codes: usize,
    /// The one session channel, once open.
    channel: Option<ChannelId>,
    /// The terminal's size and whether it can draw the game, once a terminal was asked for.
    terminal: Option<((u16, u16), bool)>,
    /// The game's input, once it runs.
    game: Option<GameLink>,
    input: Input,
}

struct GameLink {
    events: Sender<Event>,
    queued: Arc<AtomicUsize>,
    resizes: Arc<Resizes>,
}

impl Connection {
    pub fn new(server: Arc<Server>, peer: std::net::IpAddr, slot: Arc<Slot>) -> Connection {
        Connection {
            server,
            peer,
            slot,
            key: None,
            name: None,
            wrong_codes: 0,
            channel: None,
            terminal: None,
            game: None,
            input: Input::default(),
        }
    }

    /// Lets the person in, by the name `user` (or, when it can be none, to be told why on
    /// their screen: a user name is no try at the code).
    fn admit(&mut self, user: &str) -> Auth {
        self.slot.reached(Stage::In);
        let max = super::rooms::MAX_PERSON;
        self.name = Some(super::rooms::person_name(user, max).ok_or_else(|| {
            format!(
                "That user name cannot be a name here: a name is up to {max} letters, digits, \
                 '-', '_' or '.' (ssh alice@host)."
            )
        }));
        Auth::Accept
    }

    /// Not this time; the way in stays open for the tries left (a mistyped code is
    /// typed again).
    fn refused(&self) -> Auth {
        Auth::Reject {
            proceed_with_methods: Some(self.server.methods.clone()),
            partial_success: false,
        }
    }

    fn ours(&self, channel: ChannelId) -> bool {
        self.channel == Some(channel)
    }

    /// Opens the game in the person's terminal, in the room `command` names (the lobby with
    /// none), or says why it cannot and closes.
    fn start_game(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
        command: Option<&str>,
    ) -> Result<(), russh::Error> {
        let (name, size) = match (&self.name, self.terminal) {
            (Some(Err(why)), _) => return self.turn_away(channel, session, why),
            (_, None) => {
                let why = "The game needs a terminal: ssh -t ... NAME@host ROOM (a command is \
                           the room to go to; no other command is run).";
                return self.turn_away(channel, session, why);
            }
            (_, Some((_, false))) => {
                let why = "This terminal (TERM=dumb) cannot draw the game: join from one that \
                           can, such as xterm.";
                return self.turn_away(channel, session, why);
            }
            (Some(Ok(name)), Some((size, true))) => (name.clone(), size),
            (None, _) => return session.channel_failure(channel), // channels come after the way in
        };
        let words: Vec<&str> = command.unwrap_or_default().split_whitespace().collect();
        let (room, ticket) = match words[..] {
            [] => (Some(None), None),
            [room] => (room_name(room).map(Some), None),
            [room, ticket] => (room_name(room).map(Some), Some(ticket.to_ascii_lowercase())),
            _ => (None, None),
        };
        let Some(room) = room else {
            let why = format!(
                "A command names a room: ssh -t ... NAME@host ROOM, with up to {} letters, \
                 digits, '-', '_' or '.' (and, for a person without a key, their seat ticket).",
                super::rooms::MAX_NAME
            );
            return self.turn_away(channel, session, &why);
        };
        let id = match (&self.key, ticket) {
            (Some(key), _) => PersonId::Key(key.clone()),
            (None, Some(ticket)) => PersonId::Ticket(ticket),
            (None, None) => PersonId::Ticket(super::code::ticket()),
        };
        let person = Person { name, id };
        if let Err(why) = self.server.rooms.check_name(&person) {
            return self.turn_away(channel, session, &why);
        }
        super::log::log(&format!("{} came in from {}", person.name, self.peer));
        let outbox = Arc::new(Outbox::default());
        let (wake, events) = mpsc::channel();
        let queued = Arc::new(AtomicUsize::new(0));
        let resizes = Arc::new(Resizes::default());
        let setup = Setup {
            settings: self.server.settings.clone(),
            room,
            person,
            size,
            rooms: Arc::clone(&self.server.rooms),
            outbox: Arc::clone(&outbox),
            events: (wake.clone(), events),
            queued: Arc::clone(&queued),
            resizes: Arc::clone(&resizes),
            idle: self.server.idle,
            seed: rand::random(),
        };
        if let Err(error) = guest::spawn(setup) {
            super::log::log(&format!("a game could not start: {error}"));
            let why = "The game could not start: try again later.";
            return self.turn_away(channel, session, why);
        }
        self.game = Some(GameLink {
            events: wake,
            queued,
            resizes,
        });
        // Playing now: never cut for a newcomer (a connection that got in but opened no
        // game is cut at the handshake's deadline, or to make room).
        self.slot.reached(Stage::Playing);
        session.channel_success(channel)?;
        super::server::send_screen(session.handle(), channel, outbox, Arc::clone(&self.slot));
        Ok(())
    }

    /// Says `why` on the person's screen and closes: there is no game to play.
    fn turn_away(
        &self,
        channel: ChannelId,
        session: &mut Session,
        why: &str,
    ) -> Result<(), russh::Error> {
        self.slot.cut_after(super::server::GOODBYE);
        // Granted, then ended with the reason: OpenSSH quits at once on a refused shell,
        // before it shows what came with the refusal.
        session.channel_success(channel)?;
        session.extended_data(channel, 1, format!("{why}\r\n").into_bytes())?;
        session.exit_status_request(channel, 1)?;
        session.eof(channel)?;
        session.close(channel)
    }

    fn send(&self, event: Event) {
        if let Some(game) = &self.game {
            let _ = game.events.send(event);
        }
    }

    /// Refuses a channel request, saying why on the person's screen, and closes the channel.
    fn refuse(&self, channel: ChannelId, session: &mut Session) -> Result<(), russh::Error> {
        if self.ours(channel) && self.game.is_none() {
            session.extended_data(channel, 1, ONLY_THE_GAME.as_bytes())?;
        }
        session.channel_failure(channel)?;
        session.close(channel)
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.send(Event::InputClosed("the connection closed".into()));
    }
}

/// A terminal size as drawn: zero means unknown (a common default), and a huge one is
/// drawn at the largest size.
fn terminal_size(columns: u32, rows: u32) -> (u16, u16) {
    let fit = |n: u32, default: u16, max: u16| match n {
        0 => default,
        n => u16::try_from(n).unwrap_or(max).min(max),
    };
    (fit(columns, 80, MAX_COLUMNS), fit(rows, 24, MAX_ROWS))
}

impl Handler for Connection {
    type Error = russh::Error;

    async fn auth_password(&mut self, user: &str, password: &str) -> Result<Auth, Self::Error> {
        // Past the tries, nothing is checked: the client is told no and soon cut.
        let right = self.wrong_codes < TRIES
            && (self.server.code.as_deref())
                .is_some_and(|code| super::code::matches(code, password));
        if right {
            return Ok(self.admit(user));
        }
        self.wrong_codes += 1;
        self.slot.reached(Stage::WrongCode);
        Ok(self.refused())
    }

    async fn auth_publickey_offered(
        &mut self,
        _user: &str,
        offer: PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        // Any key is someone: worth signing with, whatever the way in.
        let listed = super::authorized::listed(&self.server.keys, offer.public_key);
        Ok(match listed || self.server.keys.is_empty() {
            true => Auth::Accept,
            false => self.refused(),
        })
    }

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        let public = key.public_key;
        self.key = Some(public.fingerprint(russh::keys::HashAlg::Sha256).to_string());
        let listed = super::authorized::listed(&self.server.keys, public);
        Ok(match (&self.server.code, self.server.open) {
            // The key says who they are; the code is still the way in.
            (Some(_), _) => Auth::Reject {
                proceed_with_methods: Some(MethodSet::from(&[MethodKind::Password][..])),
                partial_success: true,
            },
            (None, open) if open || listed => self.admit(user),
            (None, _) => self.refused(),
        })
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        // One game a connection. The channel's own stream is not read: its messages come
        // here instead, and holding it unread would stall the connection.
        if self.channel.is_some() {
            reply
                .reject(ChannelOpenFailure::AdministrativelyProhibited)
                .await;
            return Ok(());
        }
        self.channel = Some(channel.id());
        reply.accept().await;
        Ok(())
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single_connection: bool,
        _x11_auth_protocol: &str,
        _x11_auth_cookie: &str,
        _x11_screen_number: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        _variable_name: &str,
        _variable_value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        columns: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.ours(channel) || self.game.is_some() {
            return session.channel_failure(channel);
        }
        self.terminal = Some((terminal_size(columns, rows), term != "dumb"));
        session.channel_success(channel)
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.ours(channel) || self.game.is_some() {
            return session.channel_failure(channel);
        }
        self.start_game(channel, session, None)
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        command: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        // A command names a room (and needs a terminal to draw it in).
        match std::str::from_utf8(command).ok() {
            Some(room) if self.ours(channel) && self.game.is_none() => {
                self.start_game(channel, session, Some(room))
            }
            _ => self.refuse(channel, session),
        }
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse(channel, session)
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        columns: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        let game = self.game.as_ref().filter(|_| self.ours(channel));
        if let Some(game) = game
            && game.resizes.offer(terminal_size(columns, rows))
        {
            let _ = game.events.send(Event::Resize(0, 0)); // the game reads the latest size
        }
        Ok(())
    }

    async fn data(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        let Some(game) = self.game.as_ref().filter(|_| self.ours(channel)) else {
            return Ok(());
        };
        for event in self.input.feed(data) {
            // Past the bound the game is behind by more than anyone types: drop the rest.
            if game.queued.load(Ordering::Relaxed) >= MAX_QUEUED {
                break;
            }
            game.queued.fetch_add(1, Ordering::Relaxed);
            if game.events.send(event).is_err() {
                break;
            }
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.ours(channel) {
            self.send(Event::InputClosed("the terminal closed".into()));
        }
        Ok(())
    }

    async fn channel_close(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.channel_eof(channel, session).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminal_sizes_are_kept_within_bounds() {
        assert_eq!(terminal_size(100, 30), (100, 30));
        assert_eq!(terminal_size(0, 0), (80, 24));
        assert_eq!(terminal_size(1 << 20, 1 << 20), (MAX_COLUMNS, MAX_ROWS));
    }
}
