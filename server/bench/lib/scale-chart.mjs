// The chart beside bench/scale.json: p99 per read against the number of talents, one panel per engine,
// both axes logarithmic, with the target (2 × the smallest size's p99) as a dashed line per read.
const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf"];
const PANEL = { width: 460, height: 300, left: 56, right: 36, top: 36, bottom: 44 };

const xmlText = (s) => String(s).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function panel(engine, results, sizes, names, count, x0) {
  const values = names.flatMap((n) => sizes.map((s) => results[s].scenarios[`${n}|${count}`].p99));
  const lo = Math.log10(Math.max(0.05, Math.min(...values) / 1.5));
  const hi = Math.log10(Math.max(...values) * 2.5);
  const plotW = PANEL.width - PANEL.left - PANEL.right;
  const plotH = PANEL.height - PANEL.top - PANEL.bottom;
  const x = (i) => x0 + PANEL.left + (sizes.length === 1 ? plotW / 2 : (i / (sizes.length - 1)) * plotW);
  const y = (ms) => PANEL.top + plotH - ((Math.log10(ms) - lo) / (hi - lo)) * plotH;
  const parts = [
    `<text x="${x0 + PANEL.left}" y="20" font-weight="bold">${xmlText(engine)}: p99 (ms, log) by talents</text>`,
    `<rect x="${x0 + PANEL.left}" y="${PANEL.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#999"/>`,
  ];
  for (let e = Math.ceil(lo); e <= Math.floor(hi); e++) {
    const ms = 10 ** e;
    parts.push(
      `<line x1="${x0 + PANEL.left}" x2="${x0 + PANEL.left + plotW}" y1="${y(ms)}" y2="${y(ms)}" stroke="#eee"/>`,
      `<text x="${x0 + PANEL.left - 6}" y="${y(ms) + 4}" text-anchor="end">${ms}</text>`,
    );
  }
  sizes.forEach((s, i) => {
    parts.push(
      `<text x="${x(i)}" y="${PANEL.top + plotH + 18}" text-anchor="middle">${s.toLocaleString("en")}</text>`,
    );
  });
  names.forEach((name, n) => {
    const p99 = sizes.map((s) => results[s].scenarios[`${name}|${count}`].p99);
    const points = p99.map((ms, i) => `${x(i).toFixed(1)},${y(ms).toFixed(1)}`).join(" ");
    const target = y(p99[0] * 2);
    parts.push(
      `<polyline points="${points}" fill="none" stroke="${COLOURS[n % COLOURS.length]}" stroke-width="2"/>`,
      `<line x1="${x(0)}" x2="${x(sizes.length - 1)}" y1="${target}" y2="${target}" stroke="${COLOURS[n % COLOURS.length]}" stroke-dasharray="3 4" stroke-width="1"/>`,
    );
  });
  return parts.join("\n");
}

/** An SVG document: one panel per engine, a shared legend of the reads. */
export function scaleChart(out, names, count) {
  const engines = Object.keys(out.engines);
  const width = Math.max(1, engines.length) * PANEL.width;
  const legendTop = PANEL.height + 8;
  const height = legendTop + names.length * 18 + 30;
  const legend = names.map(
    (name, n) =>
      `<rect x="${PANEL.left}" y="${legendTop + n * 18}" width="12" height="12" fill="${COLOURS[n % COLOURS.length]}"/>` +
      `<text x="${PANEL.left + 18}" y="${legendTop + n * 18 + 10}">${xmlText(name)}</text>`,
  );
  const note = `Prefer: count=${count}; dashed: 2 × p99 at ${out.sizes[0].toLocaleString("en")} (the target). ${out.at.slice(0, 10)}, ${out.machine.cpus} × ${out.machine.model}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12" role="img" aria-labelledby="scale-title">
<title id="scale-title">p99 of the CRM reads by number of talents, per engine (Prefer: count=${count})</title>
<rect width="100%" height="100%" fill="#fff"/>
${engines.map((e, i) => panel(e, out.engines[e], out.sizes, names, count, i * PANEL.width)).join("\n")}
${legend.join("\n")}
<text x="${PANEL.left}" y="${height - 8}" fill="#555">${xmlText(note)}</text>
</svg>
`;
}
