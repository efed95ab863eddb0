// Board materials per theme (wood and felt colours, marks, cursor), and which seat gives a
// camp its colour. Drawing code reads them; nothing here draws.

/** @typedef {import('./config.js').BoardConfig} BoardConfig */
/** @typedef {import('./geometry.js').CampDesc} CampDesc */

import { withPalette } from './palette.js';

/** Board materials per theme. */
const THEMES = {
  light: {
    frame: '#7a4a24',
    frameEdge: '#5a3318',
    frameText: '#f7e9d2',
    sqLight: '#f2e2c0',
    sqDark: '#d2ac78',
    campLine: '#2e1c0e',
    gridLine: 'rgba(70,40,15,0.25)',
    plate: '#e8c98e',
    plateEdge: '#b8874b',
    plateText: '#6b4522',
    line: 'rgba(110,70,30,0.55)',
    hole: '#5b3b1c',
    holeLight: 'rgba(255,245,225,0.55)',
    text: '#6b4522',
    last: 'rgba(255,170,0,',
    lastEdge: 'rgba(60,30,0,0.55)',
    hint: '#5b2fd0',
    hintEdge: 'rgba(255,255,255,0.85)',
    select: 'rgba(20,160,90,',
    selectRing: '#0a7d45',
    destFill: '#ffffff',
    destEdge: '#1d140b',
    destDot: '#0a7d45',
    destHalo: 'rgba(10,160,80,0.75)',
    destInk: '#1d140b',
    nameBg: 'rgba(35,22,10,0.88)',
    nameInk: '#fff6e6',
    cursor: '#1b57d6',
    mark: '#c2185b',
    markEdge: 'rgba(255,255,255,0.9)',
    campTint: 0.3,
    tintBase: '#ffffff',
  },
  dark: {
    frame: '#1f232b',
    frameEdge: '#0f1115',
    frameText: '#b8bfcc',
    sqLight: '#5a6170',
    sqDark: '#434957',
    campLine: '#e9edf5',
    gridLine: 'rgba(0,0,0,0.25)',
    plate: '#3a404c',
    plateEdge: '#23272f',
    plateText: '#b8bfcc',
    line: 'rgba(190,200,215,0.3)',
    hole: '#14161b',
    holeLight: 'rgba(255,255,255,0.12)',
    text: '#b8bfcc',
    last: 'rgba(255,200,60,',
    lastEdge: 'rgba(0,0,0,0.6)',
    hint: '#c4adff',
    hintEdge: 'rgba(0,0,0,0.7)',
    select: 'rgba(80,220,150,',
    selectRing: '#6ff0a8',
    destFill: '#ffffff',
    destEdge: '#000000',
    destDot: '#0a7d45',
    destHalo: 'rgba(80,230,150,0.8)',
    destInk: '#101217',
    nameBg: 'rgba(235,238,245,0.92)',
    nameInk: '#14161b',
    cursor: '#8ab4ff',
    mark: '#ff6fa8',
    markEdge: 'rgba(0,0,0,0.75)',
    campTint: 0.42,
    tintBase: '#3a404c',
  },
};

/**
 * The materials for the config's theme (light unless it says dark), with the config's
 * palette over them (palette.js).
 * @param {BoardConfig} cfg
 */
export function themeOf(cfg) {
  const base = THEMES[cfg.theme === 'dark' ? 'dark' : 'light'];
  return cfg.palette ? withPalette(base, cfg.palette) : base;
}

/**
 * The seat that gives a camp its colour: the one starting there, else the one heading
 * there; 0 for a camp nobody uses.
 * @param {CampDesc} camp
 */
export function campSeat(camp) {
  return camp.homeOf ?? camp.targetOf ?? 0;
}
