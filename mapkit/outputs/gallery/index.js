// A gallery's filters and sorting (mapkit/outputs/gallery/index_page.py inlines this file).
// It reads the cards' data from the JSON in #gallery-data, shows and orders the cards made in the
// page, and keeps the choice in the address's fragment so a view can be bookmarked. It fetches
// nothing and writes no markup: texts go in as textContent only.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('gallery-data').textContent).cards;
  var list = document.getElementById('cards');
  var count = document.getElementById('count');
  var none = document.getElementById('none');
  var form = document.getElementById('filters');
  var names = ['q', 'players', 'columns', 'rows', 'levels', 'sets', 'buildable', 'errors', 'format', 'sort'];
  var fields = {};
  names.forEach(function (n) { fields[n] = document.getElementById('f-' + n); });
  var items = data.map(function (c) { return document.getElementById('card-' + c.i); });
  var links = items.map(function (li) { return li.querySelector('h2 a'); });
  var pages = links.map(function (a) { return a.getAttribute('href'); });

  function chosen() {
    var s = {};
    names.forEach(function (n) {
      var f = fields[n];
      var v = f.type === 'checkbox' ? (f.checked ? '1' : '') : f.value.trim();
      if (v !== '' && !(n === 'sort' && v === 'name')) { s[n] = v; }
    });
    return s;
  }

  function show(s) {
    names.forEach(function (n) {
      var f = fields[n], v = s[n] || '';
      if (f.type === 'checkbox') { f.checked = v === '1' && !f.disabled; return; }
      if (f.tagName === 'SELECT') {
        var known = Array.prototype.some.call(f.options, function (o) { return o.value === v; });
        f.value = known ? v : (n === 'sort' ? 'name' : '');
      } else { f.value = v; }
    });
  }

  function whole(v) { var n = parseInt(v, 10); return isNaN(n) ? null : n; }

  function matches(c, s) {
    if (s.q) {
      var words = s.q.toLowerCase().split(/\s+/);
      for (var w = 0; w < words.length; w++) { if (words[w] && c.text.indexOf(words[w]) < 0) { return false; } }
    }
    if (s.players && c.players.indexOf(whole(s.players)) < 0) { return false; }
    var most;
    if ((most = whole(s.columns)) !== null && !(c.columns !== null && c.columns <= most)) { return false; }
    if ((most = whole(s.rows)) !== null && !(c.rows !== null && c.rows <= most)) { return false; }
    if ((most = whole(s.levels)) !== null && !(c.levels !== null && c.levels <= most)) { return false; }
    if ((most = whole(s.sets)) !== null && !(c.sets !== null && c.sets <= most)) { return false; }
    if (s.buildable === '1' && c.builds !== true) { return false; }
    if (s.errors === 'none' && c.errors > 0) { return false; }
    if (s.errors === 'some' && c.errors === 0) { return false; }
    if (s.format && c.format !== s.format) { return false; }
    return true;
  }

  // nulls (a Book's pieces, a map no set builds) go last whichever way a key sorts
  function by(key, most) {
    return function (a, b) {
      var x = key(a), y = key(b);
      if (x === y) { return 0; }
      if (x === null || x === undefined) { return 1; }
      if (y === null || y === undefined) { return -1; }
      return (x < y ? -1 : 1) * (most ? -1 : 1);
    };
  }
  var sorts = {
    name: by(function (c) { return c.name; }),
    file: by(function (c) { return c.file; }),
    modified: by(function (c) { return c.modified; }, true),
    pieces: by(function (c) { return c.pieces; }, true),
    size: by(function (c) { return c.columns === null ? null : c.columns * c.rows; }, true),
    levels: by(function (c) { return c.levels; }, true),
    sets: by(function (c) { return c.sets; }),
    players: by(function (c) { return c.players.length ? c.players[0] : null; }),
    findings: function (a, b) { return (b.errors - a.errors) || (b.warnings - a.warnings); }
  };

  function fragment(s) {
    var parts = [];
    names.forEach(function (n) { if (s[n] !== undefined) { parts.push(n + '=' + encodeURIComponent(s[n])); } });
    return parts.join('&');
  }

  function parse(hash) {
    var s = {};
    hash.replace(/^#/, '').split('&').forEach(function (pair) {
      var at = pair.indexOf('=');
      if (at < 1) { return; }
      var n = pair.slice(0, at);
      try { s[n] = decodeURIComponent(pair.slice(at + 1).replace(/\+/g, ' ')); } catch (err) { /* a bad escape: ignored */ }
    });
    return s;
  }

  // each card's page is told the view it was opened from, so its way back keeps the filters
  function remember(s) {
    var h = fragment(s);
    links.forEach(function (a, n) { a.setAttribute('href', pages[n] + (h ? '#back=' + encodeURIComponent(h) : '')); });
    if (location.hash.replace(/^#/, '') === h) { return; }
    var url = location.href.split('#')[0] + (h ? '#' + h : '');
    try { history.replaceState(null, '', url); } catch (err) { location.replace(h ? '#' + h : '#'); }
  }

  function apply() {
    var s = chosen();
    var order = data.slice().sort(function (a, b) {
      return sorts[s.sort || 'name'](a, b) || sorts.name(a, b) || a.i - b.i;
    });
    var shown = 0;
    order.forEach(function (c) {
      var li = items[c.i], ok = matches(c, s);
      li.hidden = !ok;
      if (ok) { shown += 1; }
      list.appendChild(li);
    });
    var word = data.length === 1 ? 'card' : 'cards';
    count.textContent = shown === data.length ? 'Showing all ' + data.length + ' ' + word
      : 'Showing ' + shown + ' of ' + data.length + ' ' + word;
    none.hidden = shown !== 0;
    remember(s);
  }

  function clear() { show({}); apply(); fields.q.focus(); }

  form.addEventListener('input', apply);
  form.addEventListener('change', apply);
  document.getElementById('f-clear').addEventListener('click', clear);
  document.getElementById('none-clear').addEventListener('click', clear);
  window.addEventListener('hashchange', function () {
    if (location.hash.replace(/^#/, '') !== fragment(chosen())) { show(parse(location.hash)); apply(); }
  });
  show(parse(location.hash));
  apply();
}());
