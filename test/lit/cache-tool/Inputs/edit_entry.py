# Sets one field of the first entry of an export: argv[1] the export, argv[2]
# a path into the entry ("variants.0.best", "site.params.0"), argv[3] the
# value as JSON; the edited export goes to standard output.
import json, sys
entries = json.load(open(sys.argv[1]))
node = entries[0]
keys = sys.argv[2].split('.')
for key in keys[:-1]:
    node = node[int(key)] if isinstance(node, list) else node[key]
last = keys[-1]
value = json.loads(sys.argv[3])
if isinstance(node, list):
    node[int(last)] = value
else:
    node[last] = value
json.dump(entries, sys.stdout)
