#!/usr/bin/env bash
# The published ladders (docs/bots.md#the-ladders), journaled in benchmarks/results/ladder/:
# run it again to resume, from any checkout whose bots play as they did (see the docs).
#
#   benchmarks/run_ladders.sh [PYTHON]    # PYTHON: an interpreter with bezique installed,
#                                         # the compiled build and the openspiel extra (default python3)
#
# It runs from a directory outside the source tree, so that PYTHON imports its own installed
# bezique (a compiled build in a venv: BEZIQUE_COMPILE=1 pip install '.[openspiel]'), at low
# priority. Each ladder's table goes to its .txt file, the ladder as JSON to its .json file.
set -euo pipefail
python=${1:-python3}
here=$(cd "$(dirname "$0")" && pwd)
out="$here/results/ladder"
cd "$(mktemp -d)"
ladder() {  # ladder NAME PROFILE BOTS GAMES WORKERS
    local bots games journal=$out/$1.jsonl
    bots=$(tr ',' '\n' <<<"$3" | wc -l)
    games=$(( bots * (bots - 1) / 2 * $4 ))
    if [ -s "$out/$1.json" ] && [ -f "$journal" ] && [ "$(wc -l <"$journal")" -ge "$games" ]; then
        echo "$1: all $games games are in its journal; its JSON and table stay as they are" >&2
        return
    fi
    nice -n 19 "$python" -m bezique ladder --profile "$2" --bots "$3" --games "$4" --seed 0 \
        --workers "$5" --journal "$out/$1.jsonl" --json "$out/$1.json" --progress \
        > "$out/$1.txt"
}
# The ladders were played before SearchBot's default objective became the blend (docs/bots.md):
# their "search" is the search playing for the deal's points, search-points today, which a
# fresh run plays (the finished journals name it "search").
ladder rubicon rubicon random,greedy,planner,search-points,cheat 100 2
ladder pinochle pinochle random,greedy,planner,search-points,cheat 100 2
ladder bezique bezique random,greedy,planner,search-points,ismcts:0.018,cheat 400 2
