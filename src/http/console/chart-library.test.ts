import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs build script without type declarations
import { CHART_MODULE_PATH, readChartLibrary } from '../../../scripts/bundle-chart-library.mjs';
import { CHART_JS_SOURCE, CHART_JS_VERSION } from './chart-library.ts';

describe('chart-library.ts', () => {
  it('is the installed chart.js build (run `node scripts/bundle-chart-library.mjs` when this fails)', () => {
    assert.equal(readFileSync(CHART_MODULE_PATH, 'utf8'), readChartLibrary());
  });

  it('holds the UMD build that defines Chart', () => {
    assert.match(CHART_JS_SOURCE, new RegExp(`Chart\\.js v${CHART_JS_VERSION.replaceAll('.', '\\.')}`));
    assert.ok(CHART_JS_SOURCE.includes('globalThis'), 'a UMD wrapper');
  });
});
