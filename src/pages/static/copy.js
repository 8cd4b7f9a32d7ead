// Copy buttons beside a value shown once: a comfort only, the value is selectable without it.
// A field gives its value; a list (recovery codes) its items, one a line.
document.querySelectorAll('button[data-copy]').forEach((button) => {
  const source = document.getElementById(button.dataset.copy);
  if (!source || !navigator.clipboard) return;
  const text = () => ('value' in source ? source.value : Array.from(source.querySelectorAll('li'), (item) => item.textContent.trim()).join('\n'));
  const label = button.textContent;
  button.hidden = false;
  button.addEventListener('click', () => {
    navigator.clipboard.writeText(text()).then(() => {
      button.textContent = button.dataset.copied;
      setTimeout(() => (button.textContent = label), 2000);
    });
  });
});
