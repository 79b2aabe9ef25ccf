/**
 * The labelled questions of the manual evaluation (issue 21): questions about Python 3.11's
 * documentation as Debian's python3.11-doc package ships it, each labelled with the page or
 * pages that answer it (paths under /usr/share/doc/python3.11/html, without ".html").
 *
 * Written from knowledge of the manual before the evaluation was ever run and committed before
 * any tuning; they are never adjusted to what a retriever returns. Three kinds, tagged:
 * - "paraphrase": a question in a user's words, avoiding the page's own terms where it can;
 * - "keywords": a short query as typed into a search box;
 * - "concept": a multi-word concept the page explains.
 * A question counts as answered at rank k when one of the top k passages belongs to one of its
 * labelled pages.
 */

export type QuestionKind = "paraphrase" | "keywords" | "concept";

export interface ManualQuestion {
  question: string;
  /** Pages that answer it: paths under the manual's root, without ".html". */
  pages: string[];
  kind: QuestionKind;
}

const q =
  (kind: QuestionKind) =>
  (question: string, ...pages: string[]): ManualQuestion => ({ question, pages, kind });
const paraphrase = q("paraphrase");
const keywords = q("keywords");
const concept = q("concept");

export const MANUAL_QUESTIONS: ManualQuestion[] = [
  // Paraphrases: a user's words.
  paraphrase("How can I make a function remember the results of earlier calls?", "library/functools"),
  paraphrase("How do I run another program and capture what it prints?", "library/subprocess"),
  paraphrase("How do I read a file line by line?", "tutorial/inputoutput"),
  paraphrase(
    "How can I parse the options given on the command line of my script?",
    "library/argparse",
    "howto/argparse",
  ),
  paraphrase("How do I turn a Python dictionary into a JSON string?", "library/json"),
  paraphrase("How do I get the current date and time?", "library/datetime"),
  paraphrase("How can I generate a random number between two values?", "library/random"),
  paraphrase("How do I create a temporary file that is deleted when closed?", "library/tempfile"),
  paraphrase("How do I copy a whole directory tree?", "library/shutil"),
  paraphrase("How can I find all files matching a wildcard pattern like *.txt?", "library/glob", "library/pathlib"),
  paraphrase("How can I count how many times each item occurs in a list?", "library/collections"),
  paraphrase("How do I sort a list of objects by one of their attributes?", "howto/sorting"),
  paraphrase("How do I write rows to a spreadsheet file with comma separated values?", "library/csv"),
  paraphrase("How do I check whether a string matches a regular expression?", "library/re", "howto/regex"),
  paraphrase("How can I measure how long a small piece of code takes to run?", "library/timeit"),
  paraphrase("How do I find out which functions my program spends the most time in?", "library/profile"),
  paraphrase(
    "How can I run several functions at the same time using threads?",
    "library/threading",
    "library/concurrent.futures",
  ),
  paraphrase(
    "How do I use several processor cores for CPU-heavy work?",
    "library/multiprocessing",
    "library/concurrent.futures",
  ),
  paraphrase("How do I wait for several asynchronous operations to finish together?", "library/asyncio-task"),
  paraphrase("How can I store Python objects on disk and load them back later?", "library/pickle", "library/shelve"),
  paraphrase("How do I send an email from a Python program?", "library/smtplib", "library/email.examples"),
  paraphrase("How do I download the contents of a web page?", "library/urllib.request", "howto/urllib2"),
  paraphrase("How do I split a URL into its scheme, host and path?", "library/urllib.parse"),
  paraphrase("How can I compute the SHA-256 digest of some bytes?", "library/hashlib"),
  paraphrase("How do I make a secure random token for a password reset link?", "library/secrets"),
  paraphrase("How can I compress data with gzip?", "library/gzip", "library/zlib"),
  paraphrase("How do I read the members of a zip archive?", "library/zipfile"),
  paraphrase("How do I write messages to a log file with timestamps?", "library/logging", "howto/logging"),
  paraphrase("How do I write unit tests for my code?", "library/unittest"),
  paraphrase(
    "How can I replace a dependency with a fake object during a test?",
    "library/unittest.mock",
    "library/unittest.mock-examples",
  ),
  paraphrase("How do I step through my program line by line to find a bug?", "library/pdb"),
  paraphrase(
    "How can I avoid floating point rounding errors when working with money?",
    "library/decimal",
    "tutorial/floatingpoint",
  ),
  paraphrase("Why does 0.1 + 0.2 not equal 0.3 exactly?", "tutorial/floatingpoint"),
  paraphrase(
    "How do I define a class whose instances hold a few fields without writing __init__ by hand?",
    "library/dataclasses",
  ),
  paraphrase("How do I give a function's parameters type hints?", "library/typing"),
  paraphrase("How do I create a set of named constants?", "library/enum", "howto/enum"),
  paraphrase("How can I handle an error raised inside my code without crashing?", "tutorial/errors"),
  paraphrase("How do I define my own kind of exception?", "tutorial/errors", "library/exceptions"),
  paraphrase("How can I make an object work in a for loop?", "library/stdtypes", "tutorial/classes"),
  paraphrase(
    "How do I create an isolated environment to install packages for one project?",
    "library/venv",
    "tutorial/venv",
  ),
  paraphrase("How do I read a configuration file in INI format?", "library/configparser"),
  paraphrase("How do I read a TOML file?", "library/tomllib"),
  paraphrase("How can I store data in a small SQL database file?", "library/sqlite3"),
  paraphrase("How do I find the difference between two texts, line by line?", "library/difflib"),
  paraphrase("How can I schedule my program to do something when it exits?", "library/atexit"),
  paraphrase("How do I get the value of an environment variable?", "library/os"),
  paraphrase("How do I find out which operating system my program runs on?", "library/platform", "library/sys"),
  paraphrase("How do I stop a program that runs too long using a timer signal?", "library/signal"),
  paraphrase("How can I pack numbers into bytes in a fixed binary layout?", "library/struct"),
  paraphrase("How do I encode binary data as base64 text?", "library/base64"),
  paraphrase("How do I keep a list sorted while inserting new items?", "library/bisect"),
  paraphrase("How do I get the smallest items from a large collection efficiently?", "library/heapq"),
  paraphrase("How can I pass data safely between threads?", "library/queue"),
  paraphrase("How do I format a number with thousands separators?", "library/string"),
  paraphrase("How do I wrap long text to a fixed width?", "library/textwrap"),
  paraphrase("How can I see the bytecode a function compiles to?", "library/dis"),
  paraphrase("How can I find out what is using memory in my program?", "library/tracemalloc"),
  paraphrase("How do I print a nested data structure so it is easy to read?", "library/pprint"),
  paraphrase("How do I work with time zones like Europe/Paris?", "library/zoneinfo"),
  paraphrase("How do I compute the mean and standard deviation of a list of numbers?", "library/statistics"),
  paraphrase("How do I check whether an IP address belongs to a network?", "library/ipaddress", "howto/ipaddress"),
  paraphrase("How can I serve files from the current folder over HTTP?", "library/http.server"),
  paraphrase("How do I open a network connection to a server and send bytes?", "library/socket", "howto/sockets"),
  paraphrase("How do I parse an XML document?", "library/xml.etree.elementtree"),
  paraphrase("How can I ask the user for a password without showing it on screen?", "library/getpass"),
  paraphrase("How do I make a copy of a list that does not share nested lists with the original?", "library/copy"),
  paraphrase("How do I call a function from a C shared library?", "library/ctypes"),
  paraphrase("How do I write a function that accepts any number of arguments?", "tutorial/controlflow"),
  paraphrase("What happens when a module is imported the first time?", "reference/import", "tutorial/modules"),
  paraphrase(
    "How are default argument values evaluated, and why is a list default shared between calls?",
    "tutorial/controlflow",
    "reference/compound_stmts",
    "faq/programming",
  ),
  paraphrase(
    "Why can't I change a variable of the outer function from a nested function?",
    "faq/programming",
    "reference/simple_stmts",
    "tutorial/classes",
  ),
  paraphrase("Why do I get an UnboundLocalError when a variable has a value?", "faq/programming"),
  paraphrase("How do I make an attribute that is computed when it is read?", "library/functions", "howto/descriptor"),
  paraphrase(
    "How do I turn text into bytes in a particular character set?",
    "howto/unicode",
    "library/stdtypes",
    "library/codecs",
  ),
  paraphrase("How do I start the interpreter so it runs a module as a script?", "using/cmdline", "library/runpy"),

  // Short keyword queries.
  keywords("lru_cache maxsize", "library/functools"),
  keywords("defaultdict", "library/collections"),
  keywords("namedtuple fields", "library/collections"),
  keywords("itertools groupby", "library/itertools"),
  keywords("str.format mini-language", "library/string"),
  keywords("f-string", "reference/lexical_analysis", "tutorial/inputoutput"),
  keywords("walrus operator", "reference/expressions"),
  keywords("match statement", "reference/compound_stmts", "tutorial/controlflow"),
  keywords("asyncio.gather", "library/asyncio-task"),
  keywords("asyncio queue", "library/asyncio-queue"),
  keywords("contextmanager decorator", "library/contextlib"),
  keywords("Path.glob", "library/pathlib"),
  keywords("os.walk", "library/os"),
  keywords("subprocess.run check", "library/subprocess"),
  keywords("json.dumps indent", "library/json"),
  keywords("re.sub", "library/re"),
  keywords("datetime strftime", "library/datetime"),
  keywords("timedelta", "library/datetime"),
  keywords("ThreadPoolExecutor", "library/concurrent.futures"),
  keywords("weakref", "library/weakref"),
  keywords("abstract base class", "library/abc", "library/collections.abc"),
  keywords("TypedDict", "library/typing"),
  keywords("Protocol structural subtyping", "library/typing"),
  keywords("__slots__", "reference/datamodel"),
  keywords("__init_subclass__", "reference/datamodel"),
  keywords("sys.argv", "library/sys", "tutorial/stdlib"),
  keywords("PYTHONPATH", "using/cmdline", "tutorial/modules"),
  keywords("mock patch", "library/unittest.mock", "library/unittest.mock-examples"),
  keywords("doctest", "library/doctest"),
  keywords("logging handlers rotating file", "library/logging.handlers"),
  keywords("ExceptionGroup except*", "library/exceptions", "tutorial/errors", "reference/compound_stmts"),
  keywords("GIL", "faq/library", "glossary"),
  keywords("csv DictReader", "library/csv"),
  keywords("shutil rmtree", "library/shutil"),
  keywords("tarfile extract", "library/tarfile"),
  keywords("uuid4", "library/uuid"),

  // Multi-word concepts.
  concept("descriptor protocol", "howto/descriptor", "reference/datamodel"),
  concept("method resolution order", "library/stdtypes", "tutorial/classes", "glossary"),
  concept("generator expressions", "reference/expressions", "tutorial/classes", "howto/functional"),
  concept("list comprehensions", "tutorial/datastructures"),
  concept("context manager protocol", "reference/datamodel", "library/stdtypes", "library/contextlib"),
  concept("operator overloading with special methods", "reference/datamodel"),
  concept("variable scope and name resolution", "reference/executionmodel", "tutorial/classes"),
  concept("positional-only parameters", "tutorial/controlflow", "reference/compound_stmts"),
  concept("keyword-only arguments", "tutorial/controlflow", "reference/compound_stmts"),
  concept("event loop", "library/asyncio-eventloop"),
  concept("garbage collection of reference cycles", "library/gc"),
  concept("structural pattern matching", "reference/compound_stmts", "tutorial/controlflow"),
  concept("string interning and identity comparison", "library/sys", "faq/programming"),
  concept("relative imports within a package", "reference/import", "tutorial/modules"),
  concept("functional programming with iterators", "howto/functional"),
  concept("non-blocking sockets", "howto/sockets", "library/socket"),
  concept("unicode normalization forms", "library/unicodedata", "howto/unicode"),
  concept("metaclasses", "reference/datamodel"),
  concept("type hints for generics", "library/typing"),
  concept("sorting with a key function", "howto/sorting"),
];
