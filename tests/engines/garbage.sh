#!/bin/sh
# Answers the handshake, then on go control bytes and a bestmove that is no move.
echo $$ >> "$HALMA_TEST_PIDS"
while read -r line; do
  case $line in
    ccp) echo 'id name garbage'; echo ccpok ;;
    isready) echo readyok ;;
    go*) printf '\001\002\033[2J%%s%%n\r\n'; echo 'bestmove e2-e4' ;;
    quit) exit 0 ;;
  esac
done
