// The Bezique table: draws what GET /api/games/{id} says and sends the clicks (docs/web.md).
"use strict";

const state = { id: null, table: null, busy: false, skip: false, info: null };
const $ = (id) => document.getElementById(id);
// ms between the bot's moves as they are shown (?delay=0: no pause)
const STEP_DELAY = Number(new URLSearchParams(location.search).get("delay") || 700);

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["content-type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = await response.json();
  if (!response.ok) {
    const error = new Error(data.error ? data.error.message : response.statusText);
    error.problems = (data.error && data.error.problems) || [];
    throw error;
  }
  return data;
}

function say(text, kind) {
  const box = $("message");
  box.textContent = text;
  box.className = kind || "";
}

function cardImage(code, extra) {
  const img = document.createElement("img");
  img.src = code === "back" ? "/api/cards/back.svg" : `/api/cards/${code}.svg`;
  img.alt = code === "back" ? "a face-down card" : code;
  img.className = "card " + (extra || "");
  if (code !== "back") img.dataset.card = code;
  return img;
}

function drawCards(box, cards, where) {
  box.replaceChildren();
  for (const item of cards) {
    const img = cardImage(item.card, item.action ? "playable" : "");
    img.dataset.testid = `card-${where}-${item.card}`;
    img.setAttribute("data-testid", img.dataset.testid);
    if (item.action) img.dataset.action = item.action;
    img.addEventListener("click", () => clickCard(item));
    box.appendChild(img);
  }
}

function clickCard(item) {
  if (state.busy) return;
  // A card that is not playable now is sent too: the engine says why it is refused.
  act(item.action || `play ${item.card}`);
}

// Three and four seats (t.players > 2): a bot in every other seat, each in its box by its
// place seen from you (left, across, right), your partner marked; totals per team.
const manySeats = (t) => t.players > 2;
const PLACE_ORDER = ["left", "across", "right"];

function seatOptions(count) {
  // the seats of the new-game dialog: P0 … P(count - 1), keeping the choice where it fits
  const select = $("seat");
  const chosen = select.value;
  select.replaceChildren();
  for (let p = 0; p < count; p++) select.add(new Option(`P${p}`, String(p)));
  select.value = Number(chosen) < count ? chosen : "0";
}

function teamName(t, team) {
  return team.map((p) => t.names[p]).join("+");
}

function drawOthers(t) {
  // the bots' boxes, in the order of their places round the table
  const box = $("others");
  box.replaceChildren();
  const others = t.seats.filter((s) => !s.you)
    .sort((a, b) => PLACE_ORDER.indexOf(a.place) - PLACE_ORDER.indexOf(b.place));
  box.style.setProperty("--others", String(others.length));
  for (const s of others) {
    const div = document.createElement("div");
    div.className = "seat other" + (s.partner ? " partner" : "");
    div.dataset.seat = String(s.player);
    div.dataset.place = s.place;
    div.dataset.partner = String(s.partner);
    div.setAttribute("data-testid", `seat-${s.player}`);
    const label = document.createElement("div");
    label.className = "label";
    label.textContent = s.name + " ";
    if (s.partner) {
      const badge = document.createElement("span");
      badge.className = "badge";
      badge.textContent = "your partner";
      label.appendChild(badge);
    }
    const where = document.createElement("span");
    where.className = "where";
    where.textContent = ` P${s.player}, ${s.place}${t.dealer === s.player ? ", deals" : ""}`;
    label.appendChild(where);
    const score = document.createElement("span");
    score.setAttribute("data-testid", `seat-${s.player}-score`);
    score.textContent = `${s.score} points · ${s.won} cards won`;
    label.appendChild(score);
    const hand = document.createElement("div");
    hand.className = "cards hand";
    hand.setAttribute("data-testid", `seat-${s.player}-hand`);
    for (const code of s.known) hand.appendChild(cardImage(code, "known"));
    for (let i = 0; i < s.hidden; i++) hand.appendChild(cardImage("back"));
    const tabled = document.createElement("div");
    tabled.className = "cards tabled";
    drawCards(tabled, s.table, `seat-${s.player}-table`);
    const melds = document.createElement("div");
    melds.className = "melds";
    melds.textContent = s.melds.join(", ").replaceAll("_", " ");
    div.append(label, hand, tabled, melds);
    box.appendChild(div);
  }
}

function drawTrick(t, cards, leader, extra) {
  // at more seats each card of the trick says who played it (play goes round from the leader)
  const trick = $("trick");
  for (const [k, code] of cards.entries()) {
    if (!manySeats(t) || leader === null) {
      trick.appendChild(cardImage(code, extra));
      continue;
    }
    const player = (leader + k) % t.players;
    const figure = document.createElement("figure");
    figure.dataset.seat = String(player);
    const caption = document.createElement("figcaption");
    caption.textContent = player === t.seat ? "you" : t.names[player];
    figure.append(cardImage(code, extra), caption);
    trick.appendChild(figure);
  }
}

function draw(t) {
  state.table = t;
  if ($("seat").options.length !== t.players) seatOptions(t.players);
  $("seat").value = String(t.seat);  // a new game or a loaded record keeps the seat
  const you = t.seat, bot = 1 - t.seat, many = manySeats(t);
  const dealer = t.dealer === you ? "you deal" : many ? `${t.names[t.dealer]} deals` : "the bot deals";
  $("title").textContent = `${t.profile} · deal ${t.deal_number} · ${dealer}`;
  drawCards($("your-hand"), t.hand, "hand");
  drawCards($("your-table"), t.tables.you, "table");
  $("bot-seat").hidden = many;
  $("others").hidden = !many;
  if (many) {
    drawOthers(t);
  } else {
    const botHand = $("bot-hand");
    botHand.replaceChildren();
    for (const code of t.opponent_hand.known) botHand.appendChild(cardImage(code, "known"));
    for (let i = 0; i < t.opponent_hand.hidden; i++) botHand.appendChild(cardImage("back"));
    drawCards($("bot-table"), t.tables.bot, "bot-table");
    $("bot-melds").textContent = t.melds.bot.join(", ").replaceAll("_", " ");
    $("bot-score").textContent = `${t.scores[bot]} points · ${t.won[bot]} cards won`;
  }
  const partners = many ? t.teams.find((team) => team.includes(you)).filter((p) => p !== you) : [];
  $("your-team").textContent = many ? `(P${you}${partners.length ? ", partner " + partners.map((p) => t.names[p]).join(" and ") : ""})` : "";
  document.querySelector(".seat.you").classList.toggle("partnered", partners.length > 0);
  $("your-melds").textContent = t.melds.you.join(", ").replaceAll("_", " ");
  $("your-score").textContent = `${t.scores[you]} points · ${t.won[you]} cards won`;
  const up = $("turn-up");
  up.replaceChildren();
  if (t.turn_up && !t.end_phase) up.appendChild(cardImage(t.turn_up, "turn-up"));
  $("stock").textContent = t.end_phase ? "stock empty" : `stock ${t.stock}`;
  $("trick").replaceChildren();
  const whose = (p) => p === you ? "you" : many ? t.names[p] : "the bot";
  if (t.trick.length) {
    drawTrick(t, t.trick, t.trick_leader, "");
    $("trick-label").textContent = `${whose(t.trick_leader)} led`;
  } else if (t.last_trick) {
    drawTrick(t, t.last_trick.cards, null, "faded");
    const winner = t.last_trick.winner;
    $("trick-label").textContent = `last trick: ${winner === you ? "yours" : whose(winner) + "'s"}`;
  } else {
    $("trick-label").textContent = "";
  }
  $("trumps").textContent = t.trump ? `Trumps: ${t.trump}` : "Trumps not fixed yet";
  $("totals").textContent = many
    ? `Game: ${t.teams.map((team, i) => `${teamName(t, team)} ${t.totals[i]}`).join(", ")} (to ${t.target})`
    : `Game: you ${t.totals[you]}, bot ${t.totals[bot]} (to ${t.target})`;
  $("status").textContent = t.status;
  drawActions(t);
  $("undo").disabled = !t.can_undo;
  $("hint").disabled = !t.your_turn;
  $("download").href = `/api/games/${state.id}/record`;
  const end = $("end");
  end.hidden = !t.end_count;
  if (t.end_count) {
    $("end-lines").textContent = t.end_count.join("\n");
    $("result").textContent = t.result || "";
    $("end-title").textContent = t.game_over ? "Game over" : "End of the deal";
    $("next-deal").hidden = t.game_over;
  }
}

function drawActions(t) {
  const box = $("actions");
  box.replaceChildren();
  for (const a of t.legal) {
    if (a.kind === "play") continue; // played by clicking the card
    const button = document.createElement("button");
    button.textContent = a.label.replaceAll("_", " ");
    button.className = `action ${a.kind}`;
    button.dataset.action = a.notation;
    button.setAttribute("data-testid", `action-${a.kind}`);
    button.addEventListener("click", () => act(a.notation));
    box.appendChild(button);
  }
}

function logStep(step) {
  const item = document.createElement("li");
  item.className = step.player === state.table.seat ? "you" : "bot";
  const who = state.table.names[step.player];  // You, Bot; at more seats You, Ada, Bob …
  item.textContent = `${who}: ${step.action}`;
  const scored = step.events.filter((e) => /\+\d+$/.test(e));
  if (scored.length) item.textContent += ` (${scored.join("; ")})`;
  const log = $("log");
  log.appendChild(item);
  log.scrollTop = log.scrollHeight;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function show(answer) {
  // The steps one at a time (the bot's with a short pause, unless skipped), then the table.
  state.skip = false;
  $("skip").hidden = !answer.steps.some((s) => s.player !== answer.table.seat);
  for (const step of answer.steps) {
    const bots = step.player !== answer.table.seat;
    if (bots && !state.skip) await sleep(STEP_DELAY);
    draw(step.table);
    logStep(step);
  }
  $("skip").hidden = true;
  draw(answer.table);
}

async function busy(work) {
  if (state.busy) return;
  state.busy = true;
  document.body.classList.add("busy");
  try {
    await work();
  } catch (error) {
    const extra = error.problems && error.problems.length ? ": " + error.problems.join("; ") : "";
    say(error.message + extra, "error");
  } finally {
    state.busy = false;
    document.body.classList.remove("busy");
  }
}

function act(notation) {
  return busy(async () => {
    const answer = await api("POST", `/api/games/${state.id}/actions`, { action: notation });
    say("");
    await show(answer);
  });
}

async function start(body, path) {
  await busy(async () => {
    const answer = await api("POST", path || "/api/games", body);
    state.id = answer.id;
    localStorage.setItem("bezique-game", state.id);
    $("log").replaceChildren();
    say("");
    await show(answer);
  });
}

async function resume(id) {
  try {
    const table = await api("GET", `/api/games/${id}`);
    state.id = id;
    draw(table);
    return true;
  } catch (error) {
    return false;
  }
}

function setUp(info) {
  state.info = info;
  const select = $("profile");
  for (const p of info.profiles) {
    const option = new Option(`${p.name} — ${p.description}`, p.name, false, p.name === info.default);
    select.add(option);
  }
  const bots = [...info.bots];
  if (!bots.includes(info.default_bot)) bots.unshift(info.default_bot);
  for (const b of bots) $("bot").add(new Option(b, b, false, b === info.default_bot));
}

function chosenSeats() {
  // how many seats the game chosen in the dialog has (a house profile file: up to four)
  if ($("profile-file").files.length) return 4;
  const chosen = state.info.profiles.find((p) => p.name === $("profile").value);
  return chosen ? chosen.players : 2;
}

$("new-game").addEventListener("click", () => {
  $("profile-file").value = "";
  seatOptions(chosenSeats());
  $("new-dialog").showModal();
});
$("profile").addEventListener("change", () => seatOptions(chosenSeats()));
$("profile-file").addEventListener("change", () => seatOptions(chosenSeats()));
$("new-form").addEventListener("submit", async (event) => {
  const submitter = event.submitter;
  if (!submitter || submitter.value !== "start") return;
  const body = { bot: $("bot").value, seat: Number($("seat").value) };
  const seed = $("seed").value.trim();
  if (seed) body.seed = Number(seed);
  const file = $("profile-file").files[0];
  if (file) body.profile_toml = await file.text();
  else body.profile = $("profile").value;
  await start(body);
});
$("undo").addEventListener("click", () => busy(async () => {
  const answer = await api("POST", `/api/games/${state.id}/undo`);
  say(`Taken back: ${answer.undone.join(", ")}`);
  draw(answer.table);
}));
$("hint").addEventListener("click", () => busy(async () => {
  say("Thinking…");
  const h = await api("GET", `/api/games/${state.id}/hint`);
  const value = h.value === null ? "the only legal action" :
    `expected ${h.value >= 0 ? "+" : ""}${h.value} points over the deal${h.exact ? ", exact" : ""}`;
  say(`Hint: ${h.action} (${value})`, "hint");
  for (const el of document.querySelectorAll(`[data-action="${CSS.escape(h.action)}"]`)) {
    el.classList.add("hinted");
  }
}));
$("next-deal").addEventListener("click", () => busy(async () => {
  const answer = await api("POST", `/api/games/${state.id}/next-deal`);
  await show(answer);
}));
$("skip").addEventListener("click", () => { state.skip = true; });
$("record-file").addEventListener("change", async () => {
  const file = $("record-file").files[0];
  if (!file) return;
  await start({ record: await file.text(), bot: $("bot").value || undefined,
                seat: Number($("seat").value) }, "/api/records");
  $("record-file").value = "";
});

(async () => {
  setUp(await api("GET", "/api/profiles"));
  const query = new URLSearchParams(location.search);
  if (!query.has("profile") && !query.has("seed") && !query.has("seat")) {
    const saved = localStorage.getItem("bezique-game");
    if (saved && await resume(saved)) return;
  }
  const body = { profile: query.get("profile") || state.info.default };
  if (query.has("bot")) body.bot = query.get("bot");
  if (query.has("seed")) body.seed = Number(query.get("seed"));
  if (query.has("seat")) body.seat = Number(query.get("seat"));
  await start(body);
})();
