#!/usr/bin/env bash
# The urilint GitHub Action's run step: `urilint $URILINT_ARGS` (split on
# white space, as a shell would without quotes), with the SARIF report
# written to urilint.sarif when URILINT_SARIF is "true" and the arguments
# ask for `--format sarif` without an --output-file of their own. Exit
# status: urilint's (docs/output.md).
set -euo pipefail
read -r -a args <<<"${URILINT_ARGS:-check --format sarif .}"
if [ "${URILINT_SARIF:-true}" = "true" ]; then
    case " ${args[*]} " in
        *" --format sarif "*|*" --format=sarif "*)
            case " ${args[*]} " in
                *" --output-file"*) ;;
                *) args+=(--output-file urilint.sarif) ;;
            esac
            ;;
    esac
fi
exec urilint "${args[@]}"
