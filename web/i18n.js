// Every word the page says, in every language it speaks: one catalogue.
//
// Each language has the same sections and keys (tests/browser/test_i18n.py
// checks that Spanish covers all of English):
//   html      static text of index.html: an element with data-i18n="key"
//             gets that text, data-i18n-label="key" sets its aria-label
//   errors    error codes (protocol.js CODES) in plain words, and
//             "generic" for any other
//   verdicts  page verdicts (text, none, scan, ...) in plain words
//   ui        labels and messages app.js and wordview.js build at run time
// notices.js gives app.js live views of these sections, so what is shown
// is always in the language chosen now.
//
// The language: the one chosen on the page (kept in localStorage, in this
// browser only), else the first of the browser's languages we have, else
// English.  Text from the PDF and file names are never translated and,
// like everything here, reach the page as textContent only.

export const LANGUAGES = Object.freeze({ en: "English", es: "Español" });
const FALLBACK = "en";
const STORAGE_KEY = "pdf-text:language";
export const LANGUAGE_EVENT = "pdf-text:language";   // fired on document after a switch

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const listOf = (numbers, more) => {
  const shown = numbers.slice(0, 8).join(", ");
  return numbers.length > 8 ? `${shown} ${more(numbers.length - 8)}` : shown;
};

const en = {
  html: {
    title: "PDF to text, in your browser",
    heading: "PDF to text",
    tagline: "Get the words out of a PDF, page by page.",
    taglineStrong: "Your file never leaves this computer:",
    taglineEnd: "it is read right here, in your browser, and nothing is uploaded.",
    language: "Language",
    preparing: "Preparing the PDF reader…",
    dropTitle: "Drop PDFs here",
    dropHint: "or press to choose one or more files",
    noPdf: "No PDF at hand?",
    sample: "Try the sample",
    cancel: "Cancel",
    files: "Files",
    password: "Password",
    open: "Open",
    copyAll: "Copy all",
    downloadTxt: "Download .txt",
    downloadMdLabel: "Download .md (Markdown)",
    downloadJsonLabel: "Download .json (words with their boxes)",
    readingOptions: "Reading options",
    showAs: "Show the text as",
    viewText: "Text",
    viewMarkdown: "Markdown",
    dehyphenate: "Join hyphenated line breaks",
    stripHeaders: "Drop headers and footers",
    find: "Find in text",
    prevMatch: "Previous match",
    nextMatch: "Next match",
    searchKeys: "Enter: next match. Shift+Enter: previous match.",
    pages: "Pages",
    copyPage: "Copy page",
    wordBoxes: "Word boxes",
    runsOn: "Runs on",
    and: "and",
    aboutFile: "About this file",
  },
  errors: {
    "not-a-pdf": "This file is not a PDF. Choose a file that is a PDF document.",
    damaged: "This PDF is damaged and could not be read. If you have another copy of it, try that one.",
    "password-required":
      "This PDF is protected by a password. Enter the password to open it; it stays on this computer.",
    "password-wrong": "That password is not correct. Check it and try again.",
    "limit-exceeded": "This PDF is too large or too complex to read here.",
    unsupported: "This PDF uses a feature that is not supported here yet.",
    cancelled: "Stopped. The pages read so far are shown below.",
    "worker-died":
      "The PDF reader stopped unexpectedly and has been restarted. Please try the file again.",
    generic: "Something went wrong while reading this file. Nothing was sent anywhere; " +
      "you can try again or try another file.",
  },
  verdicts: {
    scan: "This page looks like a scan: it has no text layer. OCR is needed, which is not done here.",
    none: "This page has no text.",
    invisible: "This page's text is an invisible layer (often OCR over a scanned image). It is shown as found.",
    garbled: "This page's fonts could not be decoded reliably, so its text may be wrong or missing.",
    outlines: "The text on this page is drawn as shapes, not letters, so it cannot be extracted.",
  },
  ui: {},      // filled below: it needs the flag names
};
const enFlags = {
  annotation: "annotation", "form-field": "form field", invisible: "invisible",
  unmapped: "unmapped glyphs", offpage: "off the page",
};
const enPages = (pages) => listOf(pages, (n) => `and ${n} more`);
// The AES backend (READY's versions.aes, pyengine/web.py _install_aes).
const enAes = { webcrypto: "WebCrypto", javascript: "JavaScript", "pure-python": "pure Python",
  native: "native" };
// Issues are counted where they happen (per page, per font use): "(3 times)".
const enTimes = (n) => (n > 1 ? ` (${n} times)` : "");
const enOnPages = (pages) => `${pages.length === 1 ? "page" : "pages"} ${enPages(pages)}`;
en.ui = {
  // The worker's start-up steps (worker.js STEPS), by number.
  loadingSteps: {
    1: "Downloading the Python runtime",
    2: "Loading the PDF reader",
    3: "Starting the PDF reader",
  },
  startFailed: "The PDF reader could not start in this browser. Reload the page to try again.",
  readerReady: (v) => `Python ${v.python}, pypdf ${v.pypdf}, Pyodide ${v.pyodide}` +
    (v.aes ? `; AES: ${enAes[v.aes] ?? v.aes}.` : "."),
  loaderStep: (step, steps) => `step ${step} of ${steps}`,
  opening: (name) => `Opening ${name}…`,
  openingWhenReady: (name) => `Opening ${name} as soon as the reader is ready…`,
  readingPage: (n, total) => `Reading page ${n} of ${total}…`,
  reading: "Reading…",
  finishing: "Finishing…",
  pageTitle: (n) => `Page ${n}`,
  copyPage: (n) => `Copy page ${n}`,
  copied: "Copied",
  docTitle: (title) => `Title: ${title}`,
  readDone: (name, pages) => `${name} is read: ${plural(pages, "page", "pages")}.`,
  queueStatus: {
    waiting: "Waiting",
    reading: (done, total) => (total ? `Reading, ${done} of ${total} pages` : "Reading"),
    done: (pages) => plural(pages, "page", "pages"),
    cancelled: "Stopped",
    "password-required": "Needs a password",
    "password-wrong": "Needs a password",
    error: "Could not be read",
  },
  queueShow: (name) => `Show ${name}`,
  queueRemove: (name) => `Remove ${name} from the queue`,
  remove: "Remove",
  pageDownload: (n, ext) => `Download page ${n} as .${ext}`,
  wordBoxes: "Word boxes",
  // The visible text ("Word boxes") must start the accessible name (WCAG 2.5.3).
  wordBoxesLabel: (n) => `Word boxes of page ${n}: where each word is`,
  pageListLabel: "Pages",
  pageListItem: (n, needsOcr) => (needsOcr ? `Page ${n}, needs OCR` : `Page ${n}`),
  ocrMark: "OCR",
  warnGarbled: (pages) =>
    `The text of page ${enPages(pages)} may be wrong: its fonts could not be decoded reliably.`,
  warnInvisible: (pages) =>
    `The text of page ${enPages(pages)} is an invisible layer (often OCR over a scan); check it against the page.`,
  warnScans: (n, total) =>
    `${n} of ${total} pages are scans without text: OCR is needed, which is not done here.`,
  warnTruncated: (pages) =>
    `Page ${enPages(pages)} goes past this reader's limits on size, time or complexity: part of it was not read, or its lines are read top to bottom, without columns or tables.`,
  warnDamaged: (pages) =>
    `Part of page ${enPages(pages)} is damaged in the file and could not be read; the rest is shown.`,
  // The "About this file" panel: the document report (DONE's report).
  report: {
    count: (n) => (n ? `(${plural(n, "thing to check", "things to check")})` : ""),
    fonts: (kinds) => `Fonts: ${kinds.join(", ")}.`,
    noFonts: "Fonts: none (the file draws no text with fonts).",
    fontKinds: {
      tounicode: (n) => `${plural(n, "font", "fonts")} with a ToUnicode map`,
      encoding: (n) => `${plural(n, "font", "fonts")} read through its encoding`,
      "predefined-cmap": (n) => `${plural(n, "font", "fonts")} with a predefined CMap`,
      "embedded-cmap": (n) => `${plural(n, "font", "fonts")} read through the cmap of the embedded font`,
      type3: (n) => `${plural(n, "Type3 font", "Type3 fonts")}`,
      none: (n) => `${plural(n, "font", "fonts")} with no map to text`,
    },
    fontKindOther: (kind, n) => `${plural(n, "font", "fonts")} of kind ${kind}`,
    unmapped: (name, glyphs, pages) =>
      `The font ${name} could not be mapped to text: ${plural(glyphs, "glyph", "glyphs")} lost` +
      (pages.length ? ` on ${enOnPages(pages)}.` : "."),
    unnamedFont: "without a name",
    unmappedMore: (n) => `${plural(n, "more font", "more fonts")} could not be mapped to text.`,
    flagged: {
      annotation: (n) => `${plural(n, "word comes", "words come")} from annotations (flagged).`,
      form_field: (n) => `${plural(n, "word comes", "words come")} from form fields (flagged).`,
      offpage: (n) => `${plural(n, "word lies", "words lie")} outside the visible page (listed apart).`,
      invisible: (n) => `${plural(n, "word is", "words are")} drawn invisibly (flagged).`,
    },
    issues: {
      "xref-rebuilt": () =>
        "The file was damaged and has been repaired: its cross-reference table was rebuilt from the objects found in it.",
      "file-truncated": () =>
        "The file is cut short (perhaps an unfinished download): what came after the cut could not be read.",
      "page-tree-rebuilt": (n) =>
        `The file's list of pages is damaged: ${plural(n, "page was", "pages were")} found one by one, in the order they are stored.`,
      "pdf-recovered": (n) => `The file has small faults that were repaired while reading it${enTimes(n)}.`,
      "stream-truncated": (n) => `Some data in the file ends early; the text up to the cut was read${enTimes(n)}.`,
      "stream-damaged": (n) => `Some data in the file could not be decoded and was skipped${enTimes(n)}.`,
      "content-damaged": (n) => `A page's drawing instructions are damaged; what could be read of them was read${enTimes(n)}.`,
      "object-missing": (n) => `Parts of the file are missing${enTimes(n)}.`,
      "page-damaged": (n) => `A page's own description in the file is damaged; what the damage took from it could not be read${enTimes(n)}.`,
      "page-error": (n) => `${plural(n, "page", "pages")} could not be read at all.`,
      "form-cycle": (n) => `A drawing that refers to itself was skipped${enTimes(n)}.`,
      "glyph-oversized": (n) => `Oversized letters (a damaged size) were left out${enTimes(n)}.`,
      "text-clipped": (n) => `Text the page hides by clipping (cut off at the edge of a cell or frame) was left out${enTimes(n)}.`,
      "text-overflow": (n) => `Lines the page cuts off at the edge of a box (a code block too wide for it) were kept whole: nothing else is drawn where they run on${enTimes(n)}.`,
      "font-missing": (n) => `A font the text uses is missing from the file${enTimes(n)}: its text is read in Helvetica, as viewers show it.`,
      "font-broken": (n) => `A font is damaged${enTimes(n)}.`,
      "font-stream-broken": (n) => `An embedded font could not be read${enTimes(n)}.`,
      "font-subtype-unknown": (n) => `A font is of an unknown type${enTimes(n)}.`,
      "font-encoding-invalid": (n) => `A font's encoding is missing or invalid${enTimes(n)}.`,
      "font-no-unicode": (n) => `A font has no map from its codes to text${enTimes(n)}.`,
      "tounicode-too-large": (n) => `A font's ToUnicode map was too large and was ignored${enTimes(n)}.`,
      "tounicode-empty": (n) => `A font's ToUnicode map maps nothing${enTimes(n)}.`,
      "tounicode-contradicts-names": (n) => `A font's ToUnicode map contradicts the names of its letters; the names were read where they differ${enTimes(n)}.`,
      "tounicode-first-use": (n) => `A font's ToUnicode map reads its codes as ! " # $ … in the order the page first uses them, a numbering rather than text; its letters were left unread${enTimes(n)}.`,
      "cmap-missing": (n) => `A CMap the file needs is not available to this reader${enTimes(n)}.`,
    },
    issueOther: (code, n) => `Other problems recovered from: ${code} (${n}).`,
    limits: {
      pages: "Not every page was read: the limit on the number of pages was reached.",
      characters: "Not all the text was read: the limit on characters per page was reached.",
      operators: "Not everything was read: the limit on drawing instructions per page was reached.",
      stream: "Not everything was read: a stream inflates past the limit on its size.",
      bytes: "Not everything was read: the limit on decompressed data for the whole file was reached.",
      forms: "Not everything was read: the limit on nested drawings was reached.",
      time: "A time limit (per page or for the whole file) was reached: not everything was read, or a page's lines are read top to bottom, without columns or tables.",
    },
    limitOther: (name) => `Not everything was read: the limit “${name}” was reached.`,
    nothing: "Nothing unusual: every font was mapped to text, no text was kept apart, and the file is sound.",
  },
  searchCount: (at, total) => (total ? `${at} of ${total}` : "No matches"),
  searchMany: (total) => `${total}+`,
  wordView: {
    label: (n) => `Word boxes of page ${n}`,
    help: "Each box is a word where it sits on the page. Arrow keys move from word to word; " +
      "Enter selects the word in the text. Selecting or pointing at text lights up its boxes.",
    plain: (n) => plural(n, "word", "words"),
    zoom: "Zoom",
    flag: (f) => enFlags[f] ?? f,
    flagCount: (f, n) => `${enFlags[f] ?? f}: ${n}`,
    status: (i, n, word, flags) =>
      `Word ${i} of ${n}: ${word}${flags.length ? ` (${flags.join(", ")})` : ""}`,
  },
};

const es = {
  html: {
    title: "PDF a texto, en tu navegador",
    heading: "PDF a texto",
    tagline: "Saca las palabras de un PDF, página a página.",
    taglineStrong: "Tu archivo nunca sale de este ordenador:",
    taglineEnd: "se lee aquí mismo, en tu navegador, y no se sube nada.",
    language: "Idioma",
    preparing: "Preparando el lector de PDF…",
    dropTitle: "Suelta aquí tus PDF",
    dropHint: "o pulsa para elegir uno o varios archivos",
    noPdf: "¿No tienes un PDF a mano?",
    sample: "Prueba el ejemplo",
    cancel: "Cancelar",
    files: "Archivos",
    password: "Contraseña",
    open: "Abrir",
    copyAll: "Copiar todo",
    downloadTxt: "Descargar .txt",
    downloadMdLabel: "Descargar .md (Markdown)",
    downloadJsonLabel: "Descargar .json (las palabras con sus cajas)",
    readingOptions: "Opciones de lectura",
    showAs: "Mostrar el texto como",
    viewText: "Texto",
    viewMarkdown: "Markdown",
    dehyphenate: "Unir las palabras partidas con guion a final de línea",
    stripHeaders: "Quitar encabezados y pies de página",
    find: "Buscar en el texto",
    prevMatch: "Coincidencia anterior",
    nextMatch: "Coincidencia siguiente",
    searchKeys: "Intro: siguiente coincidencia. Mayús+Intro: coincidencia anterior.",
    pages: "Páginas",
    copyPage: "Copiar página",
    wordBoxes: "Cajas de palabras",
    runsOn: "Funciona con",
    and: "y",
    aboutFile: "Sobre este archivo",
  },
  errors: {
    "not-a-pdf": "Este archivo no es un PDF. Elige un archivo que sea un documento PDF.",
    damaged: "Este PDF está dañado y no se ha podido leer. Si tienes otra copia, prueba con ella.",
    "password-required":
      "Este PDF está protegido con contraseña. Escríbela para abrirlo; no sale de este ordenador.",
    "password-wrong": "Esa contraseña no es correcta. Revísala y vuelve a intentarlo.",
    "limit-exceeded": "Este PDF es demasiado grande o complejo para leerlo aquí.",
    unsupported: "Este PDF usa una función que aquí todavía no se admite.",
    cancelled: "Detenido. Abajo están las páginas leídas hasta ahora.",
    "worker-died":
      "El lector de PDF se ha detenido de forma inesperada y se ha reiniciado. Vuelve a probar con el archivo.",
    generic: "Algo ha fallado al leer este archivo. No se ha enviado nada a ninguna parte; " +
      "puedes volver a intentarlo o probar con otro archivo.",
  },
  verdicts: {
    scan: "Esta página parece un escaneo: no tiene capa de texto. Hace falta OCR, que aquí no se hace.",
    none: "Esta página no tiene texto.",
    invisible: "El texto de esta página es una capa invisible (a menudo OCR sobre una imagen escaneada). Se muestra tal cual.",
    garbled: "Las fuentes de esta página no se han podido descodificar con fiabilidad: su texto puede estar mal o faltar.",
    outlines: "El texto de esta página está dibujado como formas, no como letras, así que no se puede extraer.",
  },
  ui: {},
};
const esFlags = {
  annotation: "anotación", "form-field": "campo de formulario", invisible: "invisible",
  unmapped: "glifos sin correspondencia", offpage: "fuera de la página",
};
const esPages = (pages) => listOf(pages, (n) => `y ${n} más`);
const esAes = { webcrypto: "WebCrypto", javascript: "JavaScript", "pure-python": "Python puro",
  native: "nativo" };
const esTimes = (n) => (n > 1 ? ` (${n} veces)` : "");
const esOnPages = (pages) => `${pages.length === 1 ? "la página" : "las páginas"} ${esPages(pages)}`;
es.ui = {
  loadingSteps: {
    1: "Descargando el entorno de Python",
    2: "Cargando el lector de PDF",
    3: "Iniciando el lector de PDF",
  },
  startFailed: "El lector de PDF no ha podido arrancar en este navegador. Recarga la página para volver a intentarlo.",
  readerReady: (v) => `Python ${v.python}, pypdf ${v.pypdf}, Pyodide ${v.pyodide}` +
    (v.aes ? `; AES: ${esAes[v.aes] ?? v.aes}.` : "."),
  loaderStep: (step, steps) => `paso ${step} de ${steps}`,
  opening: (name) => `Abriendo ${name}…`,
  openingWhenReady: (name) => `${name} se abrirá en cuanto el lector esté listo…`,
  readingPage: (n, total) => `Leyendo la página ${n} de ${total}…`,
  reading: "Leyendo…",
  finishing: "Terminando…",
  pageTitle: (n) => `Página ${n}`,
  copyPage: (n) => `Copiar la página ${n}`,
  copied: "Copiado",
  docTitle: (title) => `Título: ${title}`,
  readDone: (name, pages) => `${name} está leído: ${plural(pages, "página", "páginas")}.`,
  queueStatus: {
    waiting: "En espera",
    reading: (done, total) => (total ? `Leyendo, ${done} de ${total} páginas` : "Leyendo"),
    done: (pages) => plural(pages, "página", "páginas"),
    cancelled: "Detenido",
    "password-required": "Necesita contraseña",
    "password-wrong": "Necesita contraseña",
    error: "No se pudo leer",
  },
  queueShow: (name) => `Mostrar ${name}`,
  queueRemove: (name) => `Quitar ${name} de la cola`,
  remove: "Quitar",
  pageDownload: (n, ext) => `Descargar la página ${n} como .${ext}`,
  wordBoxes: "Cajas de palabras",
  wordBoxesLabel: (n) => `Cajas de palabras de la página ${n}: dónde está cada palabra`,
  pageListLabel: "Páginas",
  pageListItem: (n, needsOcr) => (needsOcr ? `Página ${n}, necesita OCR` : `Página ${n}`),
  ocrMark: "OCR",
  warnGarbled: (pages) =>
    `El texto de la página ${esPages(pages)} puede estar mal: sus fuentes no se han podido descodificar con fiabilidad.`,
  warnInvisible: (pages) =>
    `El texto de la página ${esPages(pages)} es una capa invisible (a menudo OCR sobre un escaneo); compruébalo con la página.`,
  warnScans: (n, total) =>
    `${n} de ${total} páginas son escaneos sin texto: hace falta OCR, que aquí no se hace.`,
  warnTruncated: (pages) =>
    `La página ${esPages(pages)} supera los límites de tamaño, tiempo o complejidad de este lector: una parte no se ha leído, o sus líneas se leen de arriba abajo, sin columnas ni tablas.`,
  warnDamaged: (pages) =>
    `Parte de la página ${esPages(pages)} está dañada en el archivo y no se ha podido leer; se muestra el resto.`,
  report: {
    count: (n) => (n ? `(${plural(n, "cosa que revisar", "cosas que revisar")})` : ""),
    fonts: (kinds) => `Fuentes: ${kinds.join(", ")}.`,
    noFonts: "Fuentes: ninguna (el archivo no dibuja texto con fuentes).",
    fontKinds: {
      tounicode: (n) => `${plural(n, "fuente", "fuentes")} con mapa ToUnicode`,
      encoding: (n) => `${plural(n, "fuente leída", "fuentes leídas")} mediante su codificación`,
      "predefined-cmap": (n) => `${plural(n, "fuente", "fuentes")} con CMap predefinida`,
      "embedded-cmap": (n) => `${plural(n, "fuente leída", "fuentes leídas")} mediante la cmap de la fuente incrustada`,
      type3: (n) => `${plural(n, "fuente Type3", "fuentes Type3")}`,
      none: (n) => `${plural(n, "fuente", "fuentes")} sin correspondencia con texto`,
    },
    fontKindOther: (kind, n) => `${plural(n, "fuente", "fuentes")} de tipo ${kind}`,
    unmapped: (name, glyphs, pages) =>
      `La fuente ${name} no se ha podido convertir en texto: ${plural(glyphs, "glifo perdido", "glifos perdidos")}` +
      (pages.length ? ` en ${esOnPages(pages)}.` : "."),
    unnamedFont: "sin nombre",
    unmappedMore: (n) => `${plural(n, "fuente más", "fuentes más")} no se ${n === 1 ? "ha" : "han"} podido convertir en texto.`,
    flagged: {
      annotation: (n) => `${plural(n, "palabra viene", "palabras vienen")} de anotaciones (marcadas).`,
      form_field: (n) => `${plural(n, "palabra viene", "palabras vienen")} de campos de formulario (marcadas).`,
      offpage: (n) => `${plural(n, "palabra está", "palabras están")} fuera de la página visible (aparte).`,
      invisible: (n) => `${plural(n, "palabra está dibujada", "palabras están dibujadas")} de forma invisible (marcadas).`,
    },
    issues: {
      "xref-rebuilt": () =>
        "El archivo estaba dañado y se ha reparado: su tabla de referencias cruzadas se ha reconstruido con los objetos que contiene.",
      "file-truncated": () =>
        "El archivo está cortado (quizá una descarga sin terminar): lo que venía después del corte no se ha podido leer.",
      "page-tree-rebuilt": (n) =>
        `La lista de páginas del archivo está dañada: ${plural(n, "página se ha", "páginas se han")} encontrado una a una, en el orden en que están guardadas.`,
      "pdf-recovered": (n) => `El archivo tiene pequeños fallos que se han reparado al leerlo${esTimes(n)}.`,
      "stream-truncated": (n) => `Algunos datos del archivo terminan antes de tiempo; se ha leído el texto hasta el corte${esTimes(n)}.`,
      "stream-damaged": (n) => `Algunos datos del archivo no se han podido descodificar y se han omitido${esTimes(n)}.`,
      "content-damaged": (n) => `Las instrucciones de dibujo de una página están dañadas; se ha leído lo que se podía leer de ellas${esTimes(n)}.`,
      "object-missing": (n) => `Faltan partes del archivo${esTimes(n)}.`,
      "page-damaged": (n) => `La descripción propia de una página está dañada en el archivo; no se pudo leer lo que el daño le quitó${esTimes(n)}.`,
      "page-error": (n) => `${plural(n, "página no se ha", "páginas no se han")} podido leer en absoluto.`,
      "form-cycle": (n) => `Se ha omitido un dibujo que se refiere a sí mismo${esTimes(n)}.`,
      "glyph-oversized": (n) => `Se han omitido letras desmesuradas (un tamaño dañado)${esTimes(n)}.`,
      "text-clipped": (n) => `Se ha omitido texto que la página oculta por recorte (cortado en el borde de una celda o un marco)${esTimes(n)}.`,
      "text-overflow": (n) => `Se han conservado enteras las líneas que la página corta en el borde de un recuadro (un bloque de código demasiado ancho): nada más se dibuja donde continúan${esTimes(n)}.`,
      "font-missing": (n) => `Falta en el archivo una fuente que usa el texto${esTimes(n)}: su texto se lee en Helvetica, como lo muestran los visores.`,
      "font-broken": (n) => `Una fuente está dañada${esTimes(n)}.`,
      "font-stream-broken": (n) => `No se ha podido leer una fuente incrustada${esTimes(n)}.`,
      "font-subtype-unknown": (n) => `Una fuente es de un tipo desconocido${esTimes(n)}.`,
      "font-encoding-invalid": (n) => `La codificación de una fuente falta o no es válida${esTimes(n)}.`,
      "font-no-unicode": (n) => `Una fuente no tiene correspondencia de sus códigos a texto${esTimes(n)}.`,
      "tounicode-too-large": (n) => `El mapa ToUnicode de una fuente era demasiado grande y se ha ignorado${esTimes(n)}.`,
      "tounicode-empty": (n) => `El mapa ToUnicode de una fuente no asigna nada${esTimes(n)}.`,
      "tounicode-contradicts-names": (n) => `El mapa ToUnicode de una fuente contradice los nombres de sus letras; donde difieren se han leído los nombres${esTimes(n)}.`,
      "tounicode-first-use": (n) => `El mapa ToUnicode de una fuente lee sus códigos como ! " # $ … en el orden en que la página los usa por primera vez, una numeración y no un texto; sus letras no se han leído${esTimes(n)}.`,
      "cmap-missing": (n) => `Este lector no tiene una CMap que el archivo necesita${esTimes(n)}.`,
    },
    issueOther: (code, n) => `Otros problemas de los que se ha recuperado: ${code} (${n}).`,
    limits: {
      pages: "No se han leído todas las páginas: se ha alcanzado el límite de número de páginas.",
      characters: "No se ha leído todo el texto: se ha alcanzado el límite de caracteres por página.",
      operators: "No se ha leído todo: se ha alcanzado el límite de instrucciones de dibujo por página.",
      stream: "No se ha leído todo: un flujo descomprimido supera el límite de tamaño.",
      bytes: "No se ha leído todo: se ha alcanzado el límite de datos descomprimidos del archivo.",
      forms: "No se ha leído todo: se ha alcanzado el límite de dibujos anidados.",
      time: "Se ha alcanzado un límite de tiempo (por página o para todo el archivo): no se ha leído todo, o las líneas de una página se leen de arriba abajo, sin columnas ni tablas.",
    },
    limitOther: (name) => `No se ha leído todo: se ha alcanzado el límite «${name}».`,
    nothing: "Nada fuera de lo normal: todas las fuentes se han convertido en texto, no se ha apartado texto y el archivo está sano.",
  },
  searchCount: (at, total) => (total ? `${at} de ${total}` : "Sin coincidencias"),
  searchMany: (total) => `${total}+`,
  wordView: {
    label: (n) => `Cajas de palabras de la página ${n}`,
    help: "Cada caja es una palabra en su sitio de la página. Las flechas pasan de una palabra a otra; " +
      "Intro selecciona la palabra en el texto. Al seleccionar o señalar texto se iluminan sus cajas.",
    plain: (n) => plural(n, "palabra", "palabras"),
    zoom: "Zoom",
    flag: (f) => esFlags[f] ?? f,
    flagCount: (f, n) => `${esFlags[f] ?? f}: ${n}`,
    status: (i, n, word, flags) =>
      `Palabra ${i} de ${n}: ${word}${flags.length ? ` (${flags.join(", ")})` : ""}`,
  },
};

export const CATALOGUE = Object.freeze({ en, es });

// --- choosing -------------------------------------------------------------------

function saved() {
  try {
    const code = localStorage.getItem(STORAGE_KEY);
    return code in LANGUAGES ? code : null;
  } catch {
    return null;        // storage blocked: follow the browser
  }
}

function fromBrowser() {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (code in LANGUAGES) return code;
  }
  return FALLBACK;
}

let current = saved() ?? fromBrowser();

export function language() {
  return current;
}

// A live view of one section: each read gives the current language's entry
// (English where a language lacks one).
export function section(name) {
  return new Proxy({}, {
    get: (_, key) => CATALOGUE[current][name][key] ?? CATALOGUE[FALLBACK][name][key],
  });
}

// --- the page -------------------------------------------------------------------

// Put the static text into `root` (the document, or a template's content).
export function translate(root = document) {
  const html = CATALOGUE[current].html;
  for (const el of root.querySelectorAll("[data-i18n]")) {
    el.textContent = html[el.dataset.i18n] ?? CATALOGUE[FALLBACK].html[el.dataset.i18n];
  }
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label",
      html[el.dataset.i18nLabel] ?? CATALOGUE[FALLBACK].html[el.dataset.i18nLabel]);
  }
  if (root === document) {
    document.documentElement.lang = current;
    for (const template of document.querySelectorAll("template")) translate(template.content);
  }
}

export function setLanguage(code) {
  if (!(code in LANGUAGES) || code === current) return;
  current = code;
  try { localStorage.setItem(STORAGE_KEY, code); } catch { /* not remembered */ }
  translate();
  document.dispatchEvent(new CustomEvent(LANGUAGE_EVENT, { detail: { language: code } }));
}

// The language <select>: one option per language, named in that language.
export function languageControl(select) {
  select.replaceChildren(...Object.entries(LANGUAGES).map(([code, name]) => {
    const option = new Option(name, code, false, code === current);
    option.lang = code;
    return option;
  }));
  select.value = current;
  select.addEventListener("change", () => setLanguage(select.value));
  document.addEventListener(LANGUAGE_EVENT, () => { select.value = current; });
}
