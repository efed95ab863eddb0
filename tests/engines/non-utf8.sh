#!/bin/sh
# halma ccp ($1) behind a filter that adds lines that are not UTF-8: an id line first, and
# an info line before each bestmove. Its moves are proper.
echo $$ >> "$HALMA_TEST_PIDS"
printf 'id name \377\376 engine\n'
"$1" ccp --level 1 | while IFS= read -r line; do
  case $line in
    bestmove*) printf 'info string \377\n' ;;
  esac
  printf '%s\n' "$line"
done
