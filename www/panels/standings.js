// The progress panel: one row per seat with its player, level and how far it still has to go
// (a bar and "N to go", explained in its tooltip; the engine's distance, never negative),
// and in a game of more than two seats its last move and whether it moved in this round.
// With teams the rows stand under a heading per team (its seats' colours and the team's
// distance). In a solitaire (no race) it counts the pieces still without a mirror partner,
// which the board rings. Played on for the places, a seat that has finished shows its place
// ("1st place") and that its turns are skipped.

import { t, tn } from '../i18n.js';
import { seatColor } from '../colors.js';
import { clampLevel } from '../computer.js';
import { $, swatch, keyedChildren } from './dom.js';

/** @typedef {import('../session.js').Session} Session */
/** @typedef {import('../session.js').Ply} Ply */

/**
 * @typedef {object} SeatRow
 * @property {number} seat
 * @property {boolean} current
 * @property {string} who
 * @property {string} extra the tags after the name
 * @property {string} last its last move ('' with two seats)
 * @property {boolean} moved it moved since the seat to move last did
 * @property {number} done how far it came (0..full)
 * @property {number} full
 * @property {string} value "12 to go", "home", "3 unpaired"
 * @property {string} title the tooltip
 * @property {number} team 0 without teams
 * @property {boolean} bar a progress bar (not in a solitaire)
 */

/** @param {Session} session */
export function renderStandings(session) {
  const game = session.game();
  const info = session.info();
  const desc = session.board();
  const sol = /** @type {{unmatched: number} | null} */ (game.solitaireStatus());
  const pts = game.points();
  const togo = game.distanceToGo();
  const heading = $('points-h');
  heading.dataset.i18n = sol ? 'panel.symmetry' : 'play.progress';
  heading.textContent = t(heading.dataset.i18n);
  const finished = new Set(Array.from(game.finished()));
  /** The places taken by finishing (played on for the places). @type {Map<number, number>} */
  const placeOf = new Map();
  if (info.places) {
    for (const st of /** @type {import('../session.js').Standing[]} */ (game.standings())) {
      if (st.place) placeOf.set(st.seat, st.place);
    }
  }
  /** @type {Ply[]} */
  const h = game.history();
  const over = session.isOver();
  const turn = game.turn();
  // The seat that resigned or ran out of time says so by its name.
  const o = over ? session.outcome() : null;
  const lost = o && (o.kind === 'time' || o.kind === 'resign') ? o.loser : 0;
  // The plies since the seat to move last moved: who has moved in this round.
  const round = new Set();
  if (!over) {
    for (let i = h.length - 1; i >= 0 && h[i].seat !== turn; i--) round.add(h[i].seat);
  }
  const teams = info.teams !== 'none';
  /** @type {SeatRow[]} */
  const seats = [];
  for (let s = 1; s <= info.seats; s++) {
    /** @type {string[]} */
    const tags = [];
    const pl = session.players()[s - 1];
    // A computer's level; "computer" too when its name does not say so already.
    if (pl && pl.kind === 'computer' && session.isExternal(s)) tags.push(t(pl.name ? 'panel.computer' : 'panel.level', { n: clampLevel(pl.level) }));
    if (s === lost) tags.push(t(o?.kind === 'time' ? 'panel.outOfTime' : 'panel.resigned'));
    const place = placeOf.get(s);
    if (place) tags.push(t('panel.place', { ord: t(`ord.${place}`) }));
    else if (finished.has(s)) tags.push(t('panel.finished'));
    const who = session.playerName(s);
    let last = '';
    if (info.seats > 2) {
      let p = null;
      for (let i = h.length - 1; i >= 0 && !p; i--) if (h[i].seat === s) p = h[i];
      last = !p ? t('play.last.none') : p.move ? t('play.last.move', { move: p.text }) : t('play.last.pass');
      // A finished seat is out of play while the others go on: its turns are skipped.
      if (finished.has(s) && !over) last = t('play.last.skipped');
    }
    const left = Math.max(0, togo[s - 1] ?? 0);
    const full = Math.max(1, (pts[s - 1] ?? 0) + left);
    const done = Math.max(0, full - left);
    const pct = Math.round((100 * done) / full);
    seats.push({
      seat: s,
      current: s === turn && !over,
      who,
      extra: tags.length ? ` · ${tags.join(' · ')}` : '',
      last,
      moved: info.seats > 2 && round.has(s) && !(finished.has(s) && !over),
      done,
      full,
      value: sol ? tn('panel.unmatched', sol.unmatched) : left === 0 ? t('play.home') : tn('play.toGo', left),
      title: sol ? t('play.unpaired.title') : t('play.progress.title', { name: session.seatName(s), pct, n: left }),
      team: teams ? desc.seats[s - 1].team : 0,
      bar: !sol,
    });
  }
  /** @type {[string, () => HTMLElement][]} */
  const rows = [];
  if (teams) {
    const ids = [...new Set(seats.map((r) => r.team))].sort((a, b) => a - b);
    for (const id of ids) {
      const members = seats.filter((r) => r.team === id);
      const left = members.reduce((a, r) => a + (r.full - r.done), 0);
      const full = members.reduce((a, r) => a + r.full, 0);
      const name = t('play.teamName', { n: id });
      const pct = Math.round((100 * (full - left)) / Math.max(1, full));
      const value = left === 0 ? t('play.home') : tn('play.toGo', left);
      const title = t('play.progress.titleTeam', { name, pct, n: left });
      const seatsOf = members.map((r) => r.seat);
      const key = JSON.stringify(['team', id, name, seatsOf, left, full, value, title, seatsOf.map((s) => seatColor(s))]);
      rows.push([key, () => teamRow(id, name, seatsOf, full - left, full, value, title)]);
      for (const r of members) rows.push([JSON.stringify([r, seatColor(r.seat)]), () => row(r)]);
    }
  } else {
    for (const r of seats) rows.push([JSON.stringify([r, seatColor(r.seat)]), () => row(r)]);
  }
  keyedChildren($('standings'), rows);
  $('standings').classList.toggle('solitaire', !!sol);
}

/**
 * A bar of how far a seat (or team) came, with the words beside it.
 * @param {number} done
 * @param {number} full
 * @param {string} value
 * @param {string} title
 * @param {boolean} bar
 */
function progress(done, full, value, title, bar) {
  const wrap = document.createElement('span');
  wrap.className = 'pts';
  wrap.title = title;
  if (bar) {
    const p = document.createElement('progress');
    p.max = full;
    p.value = done;
    p.setAttribute('aria-label', title);
    wrap.appendChild(p);
  }
  const v = document.createElement('span');
  v.className = 'togo';
  v.textContent = value;
  wrap.appendChild(v);
  return wrap;
}

/** @param {SeatRow} r */
function row(r) {
  const li = document.createElement('li');
  li.dataset.seat = String(r.seat);
  if (r.team) {
    li.dataset.team = String(r.team);
    li.classList.add('in-team');
  }
  if (r.current) li.classList.add('current');
  const name = document.createElement('span');
  name.className = 'name';
  name.textContent = r.who;
  const ex = document.createElement('span');
  ex.className = 'muted';
  ex.textContent = r.extra;
  // Name and tags share one cell, so long tags wrap under the name instead of widening the
  // panel.
  const cell = document.createElement('span');
  cell.className = 'who';
  cell.append(name, ex);
  if (r.last) {
    const last = document.createElement('span');
    last.className = 'last-move';
    last.textContent = r.last;
    if (r.moved) {
      const tick = document.createElement('span');
      tick.className = 'moved';
      tick.textContent = ' ✓';
      tick.title = t('play.moved');
      const sr = document.createElement('span');
      sr.className = 'sr-only';
      sr.textContent = ` (${t('play.moved')})`;
      tick.appendChild(sr);
      last.appendChild(tick);
    }
    cell.appendChild(last);
  }
  li.append(swatch(r.seat), cell, progress(r.done, r.full, r.value, r.title, r.bar));
  return li;
}

/**
 * A team's heading: its name, its seats' colours, its distance.
 * @param {number} id
 * @param {string} name
 * @param {number[]} seats
 * @param {number} done
 * @param {number} full
 * @param {string} value
 * @param {string} title
 */
function teamRow(id, name, seats, done, full, value, title) {
  const li = document.createElement('li');
  li.className = 'team-head';
  li.dataset.team = String(id);
  const marks = document.createElement('span');
  marks.className = 'team-swatches';
  for (const s of seats) marks.appendChild(swatch(s));
  const label = document.createElement('span');
  label.className = 'who name';
  label.textContent = name;
  li.append(marks, label, progress(done, full, value, title, true));
  return li;
}
