(function () {
  "use strict";
  // Each Copy button copies the command beside it. Where the browser does not let a page write the clipboard (some
  // do not from file://), the command is selected instead, for the reader to copy.
  Array.prototype.forEach.call(document.querySelectorAll("button.copy"), function (b) {
    b.addEventListener("click", function () {
      var code = b.parentNode.querySelector("code"), range = document.createRange(), sel = window.getSelection();
      range.selectNodeContents(code);
      sel.removeAllRanges();
      sel.addRange(range);
      function selected() { b.textContent = "Selected: copy it"; }
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(code.textContent).then(function () { b.textContent = "Copied"; }, selected);
      } else {
        selected();
      }
    });
  });
})();
