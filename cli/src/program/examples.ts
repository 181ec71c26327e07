/** The examples each command's --help ends with. */
export const EXAMPLES = {
  top: `
Examples:
  $ topup mock --now 2026-11-21T09:00:00Z                       # a mock for the app and for QA
  $ topup scenario run card-3ds-challenge-passed -v             # one scenario on a fresh mock
  $ topup scenario run --all --concurrency 4 --reporter html --out reports/run.html
  $ topup scenario validate ./my-scenarios/new-card.yaml        # every problem, with its JSON path
  $ topup contract check --target https://staging.example --fixtures ci/staging.yaml
  $ topup room watch --url ws://127.0.0.1:8080/ws/room --rid 5002

Run it as npm exec --no -- topup (never a bare npx topup): see cli/README.md.`,
  mock: `
Examples:
  $ topup mock --now 2026-11-21T09:00:00Z          # a mock on :8080 with its clock frozen
  $ topup mock --port 0 --no-control --quiet       # a free port, only the real API surface
  $ topup mock force createCoinPay 25001           # the next createCoinPay answers 25001
  $ topup mock tail --call createCoinPay           # the journal, live`,
  run: `
Examples:
  $ topup scenario run card-3ds-challenge-passed                 # one scenario on a fresh mock
  $ topup scenario run ./my-scenarios/new-card.yaml -v           # a file by path, requests and answers shown
  $ topup scenario run card-visa-approved --target http://127.0.0.1:8080 --mock   # a mock you started
  $ topup scenario run --all --concurrency 4 --retries 1         # everything; flaky passes reported apart
  $ topup scenario run --grep 3ds --repeat-each 5                # by title, five times each
  $ topup scenario run --last-failed                             # only what failed last time
  $ topup scenario run --all --shard 2/4 --reporter json --out reports/shard-2.json
  $ topup scenario run --tag accounts --target http://127.0.0.1:8080 --fixtures cli/fixtures/mock-backend.yaml
  $ topup scenario run --all --reporter html --out reports/run.html`,
  contract: `
Examples:
  $ topup contract check --target mock
  $ topup contract check --target http://127.0.0.1:8080 --mock                 # a mock you started
  $ topup contract check --target https://staging.example --fixtures ci/staging.yaml --reporter junit --out reports/contract.xml`,
  room: `
Examples:
  $ topup room watch --url ws://127.0.0.1:8080/ws/room --rid 5002
  $ topup room watch --url ws://127.0.0.1:8080/ws/room --rid 5001 --count 10 --json | jq .kind
  $ topup room push 5002 '[{"op":"mset","values":{"fans_count":7}}]'
  $ topup room fault 5002 --sn +1 --fault drop
  $ topup room close 5002`,
  scenario: `
Examples:
  $ topup scenario list --tag cards
  $ topup scenario run card-visa-approved
  $ topup scenario validate
  $ topup scenario schema --write
  $ topup scenario merge reports/shard-*.json --reporter html --out reports/scenarios.html`,
  watch: `
Examples:
  $ topup room watch --url ws://127.0.0.1:8080/ws/room --rid 5002
  $ topup room watch --url ws://127.0.0.1:8080/ws/room --rid 5001 --count 20 --json | jq .kind
  $ topup room watch --url wss://rooms.staging.example/ws/room --rid 5001 --api https://staging.example --duration 60000
  $ topup room watch --url ws://127.0.0.1:8080/ws/room --rid 5002 --no-reconnect   # stop when the server closes`,
  push: `
Examples:
  $ topup room push 5002 '[{"op":"mset","values":{"fans_count":7}}]'
  $ topup room push 5002                              # no directives: a type-3 sync-sn frame
  $ topup room push 5001 '[{"op":"mset","values":{"pk_status":1}}]' --target http://127.0.0.1:9090 --mock`,
  fault: `
Examples:
  $ topup room fault 5002 --sn +1 --fault drop        # the next frame never arrives: the watcher sees a gap
  $ topup room fault 5002 --sn 1700 --fault duplicate  # frame 1700, if the room is not there yet
  $ topup room fault 5002 --sn +2 --fault delay --ms 2000`,
  close: `
Examples:
  $ topup room close 5002                             # the watcher and the app reconnect after 1 s
  $ topup room close 5002 --code 4001`,
};
