/**
 * The page a browser gets at `/graphql/`: a small query editor (query, variables, result), self-contained
 * because the service may run without internet access, where GraphiQL's assets would come from a CDN.
 */
export function graphiqlPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>GraphQL | Inventory</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; display: grid; grid-template-rows: auto 1fr; height: 100vh; }
  header { padding: .5rem 1rem; background: #1f2937; color: #fff; display: flex; gap: 1rem; align-items: center; }
  main { display: grid; grid-template-columns: 1fr 1fr; gap: .5rem; padding: .5rem; min-height: 0; }
  section { display: grid; grid-template-rows: 3fr auto 1fr; gap: .25rem; min-height: 0; }
  textarea, pre { font-family: ui-monospace, monospace; font-size: 13px; border: 1px solid #ccc; padding: .5rem; margin: 0; overflow: auto; }
  button { padding: .3rem 1rem; }
</style>
</head>
<body>
<header><strong>GraphQL</strong><button id="run" type="button">Run (Ctrl+Enter)</button><span id="status"></span></header>
<main>
  <section>
    <textarea id="query" aria-label="Query" spellcheck="false">{
  site_list {
    name
    devices { name }
  }
}</textarea>
    <label for="variables">Variables (JSON)</label>
    <textarea id="variables" spellcheck="false">{}</textarea>
  </section>
  <pre id="result" aria-label="Result"></pre>
</main>
<script>
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  if (params.get('query')) $('query').value = params.get('query');
  function csrfToken() {
    const match = document.cookie.match(/(?:^|;\\s*)csrftoken=([^;]*)/);
    return match ? decodeURIComponent(match[1]) : '';
  }
  async function run() {
    $('status').textContent = 'Running...';
    let variables;
    try { variables = JSON.parse($('variables').value || '{}'); } catch (e) { $('status').textContent = 'Variables are not valid JSON'; return; }
    const res = await fetch(location.pathname, {
      method: 'POST',
      credentials: 'same-origin',
      // A signed-in session counts for a POST only with its CSRF token, as Django's does.
      headers: { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json, application/json', 'X-CSRFToken': csrfToken() },
      body: JSON.stringify({ query: $('query').value, variables }),
    });
    const text = await res.text();
    try { $('result').textContent = JSON.stringify(JSON.parse(text), null, 2); } catch (e) { $('result').textContent = text; }
    $('status').textContent = 'HTTP ' + res.status;
  }
  $('run').addEventListener('click', run);
  document.addEventListener('keydown', (e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); run(); } });
</script>
</body>
</html>
`;
}
