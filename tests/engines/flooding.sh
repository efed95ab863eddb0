#!/bin/sh
# Answers the handshake, then on go writes zero bytes without end, and no newline.
echo $$ >> "$HALMA_TEST_PIDS"
while read -r line; do
  case $line in
    ccp) echo 'id name flooding'; echo ccpok ;;
    isready) echo readyok ;;
    go*) exec cat /dev/zero ;;
    quit) exit 0 ;;
  esac
done
