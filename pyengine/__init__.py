"""pyengine: PDF text extraction in pure Python, on pypdf.

    >>> import pyengine
    >>> doc = pyengine.extract(open("file.pdf", "rb").read())
    >>> print(doc.pages[0].text)
"""

from .api import Session, error_dict, extract
from .errors import ExtractError
from .options import Options
from .records import Document, Page, Word

__all__ = ["extract", "Session", "error_dict", "Options", "Document", "Page", "Word",
           "ExtractError"]
__version__ = "0.1.0"
