/// The head of the triage page: its style (status colours readable in print) and the script of its filter,
/// which only hides rows and needs nothing else.
enum MatrixHTMLHead {
    static let head = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>Compatibility matrix</title>
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <style>
        body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;margin:2em;color:#1f2328;
          line-height:1.4;-webkit-print-color-adjust:exact;print-color-adjust:exact}
        h2{margin-top:1.6em;border-bottom:1px solid #d0d7de;padding-bottom:.2em}
        table{border-collapse:collapse;margin:.5em 0 1.5em}
        th,td{border:1px solid #d0d7de;padding:.25em .5em;text-align:center;vertical-align:top}
        thead th{background:#f6f8fa;position:sticky;top:0}
        td.name,th.name{text-align:left;max-width:34em}
        td.number{text-align:right;font-variant-numeric:tabular-nums}
        a{color:#0969da}
        .status,.badge{font:600 .8em/1.6 ui-monospace,"DejaVu Sans Mono",monospace;letter-spacing:.03em;
          text-decoration:none;color:inherit}
        .badge{display:inline-block;min-width:3.6em;text-align:center;border:1px solid;border-radius:3px;padding:0 .3em}
        .pass{background:#dafbe1;color:#116329}.fail{background:#ffd8d3;color:#82071e}
        .error{background:#ffc1ba;color:#6e0b0b;outline:2px solid #cf222e;outline-offset:-2px}
        .expected{background:#fff1c2;color:#6f4e00}.skip{background:#eef1f4;color:#424a53}
        .absent{color:#8c959f}
        td.fail .status,td.error .status{text-decoration:underline}
        .ref{font-size:.75em;color:#57606a}
        details{text-align:left}
        details>summary{cursor:pointer;font-size:.75em;color:#57606a}
        section>details>summary{font-size:1em;color:inherit;padding:.2em 0}
        pre{white-space:pre-wrap;max-width:60em;max-height:30em;overflow:auto;font-size:.8em;background:#fff;
          color:#1f2328;border:1px solid #d0d7de;padding:.5em;text-align:left}
        ul.legend{list-style:none;padding:0}ul.legend li{margin:.2em 0}
        ol.files{columns:2}
        .count{font-variant-numeric:tabular-nums;font-weight:600}
        .lead{max-width:60em}
        nav#contents{margin:.5em 0 1em}
        form#filter{display:flex;flex-wrap:wrap;gap:.4em 1em;align-items:center;margin:.5em 0;padding:.4em .6em;
          background:#f6f8fa;border:1px solid #d0d7de;border-radius:4px}
        form#filter .statuses label{margin-right:.3em}
        tr[hidden]{display:none}
        .source{display:none}.source:target,.source:has(:target){display:block}
        .source pre{max-height:none;max-width:none}
        .source .line{display:block}.source .line:target{background:#fff8c5}
        .source .line::before{content:attr(data-n);display:inline-block;width:4em;color:#8c959f;user-select:none}
        @media print{body{margin:0;font-size:10pt}thead th{position:static}a{color:inherit;text-decoration:none}
          details>pre{display:none}nav#contents{display:none}details[id]{display:block}}
        </style>
        <script>
        document.addEventListener("DOMContentLoaded", () => {
          const form = document.getElementById("filter");
          if (!form) return;
          form.hidden = false;
          const apply = () => {
            const column = form.elements.column.value;
            const statuses = new Set([...form.querySelectorAll("input[name=status]:checked")].map((box) => box.value));
            const text = form.elements.text.value.trim().toLowerCase();
            let shown = 0;
            for (const row of document.querySelectorAll("tr[data-s]")) {
              const status = row.dataset.s.split(" ").some((cell) => {
                const [index, name] = cell.split(":");
                return (column === "all" || index === column) && statuses.has(name);
              });
              row.hidden = !(status && (!text || row.textContent.toLowerCase().includes(text)));
              if (!row.hidden && row.closest("#differences")) shown += 1;
            }
            document.getElementById("shown").textContent = shown + " shown";
          };
          form.addEventListener("input", apply);
          form.addEventListener("submit", (event) => event.preventDefault());
          apply();
        });
        </script></head><body>

        """
}
