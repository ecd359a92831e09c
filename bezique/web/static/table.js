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

function draw(t) {
  state.table = t;
  $("seat").value = String(t.seat);  // a new game or a loaded record keeps the seat
  const you = t.seat, bot = 1 - t.seat;
  $("title").textContent = `${t.profile} · deal ${t.deal_number} · ${t.dealer === you ? "you deal" : "the bot deals"}`;
  drawCards($("your-hand"), t.hand, "hand");
  drawCards($("your-table"), t.tables.you, "table");
  const botHand = $("bot-hand");
  botHand.replaceChildren();
  for (const code of t.opponent_hand.known) botHand.appendChild(cardImage(code, "known"));
  for (let i = 0; i < t.opponent_hand.hidden; i++) botHand.appendChild(cardImage("back"));
  drawCards($("bot-table"), t.tables.bot, "bot-table");
  $("your-melds").textContent = t.melds.you.join(", ").replaceAll("_", " ");
  $("bot-melds").textContent = t.melds.bot.join(", ").replaceAll("_", " ");
  $("your-score").textContent = `${t.scores[you]} points · ${t.won[you]} cards won`;
  $("bot-score").textContent = `${t.scores[bot]} points · ${t.won[bot]} cards won`;
  const up = $("turn-up");
  up.replaceChildren();
  if (t.turn_up && !t.end_phase) up.appendChild(cardImage(t.turn_up, "turn-up"));
  $("stock").textContent = t.end_phase ? "stock empty" : `stock ${t.stock}`;
  const trick = $("trick");
  trick.replaceChildren();
  if (t.trick.length) {
    for (const code of t.trick) trick.appendChild(cardImage(code));
    $("trick-label").textContent = t.trick_leader === you ? "you led" : "the bot led";
  } else if (t.last_trick) {
    for (const code of t.last_trick.cards) trick.appendChild(cardImage(code, "faded"));
    $("trick-label").textContent = `last trick: ${t.last_trick.winner === you ? "yours" : "the bot's"}`;
  } else {
    $("trick-label").textContent = "";
  }
  $("trumps").textContent = t.trump ? `Trumps: ${t.trump}` : "Trumps not fixed yet";
  $("totals").textContent = `Game: you ${t.totals[you]}, bot ${t.totals[bot]} (to ${t.target})`;
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
  const who = step.player === state.table.seat ? "You" : "Bot";
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

$("new-game").addEventListener("click", () => { $("profile-file").value = ""; $("new-dialog").showModal(); });
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
