#include "reply.h"

namespace hanguld {

namespace {

std::string stringMember(const nlohmann::json &object, const char *name) {
    auto found = object.find(name);
    return (found != object.end() && found->is_string()) ? found->get<std::string>() : std::string();
}

/// A non-negative integer member that fits an int; false when missing or anything else.
bool indexMember(const nlohmann::json &object, const char *name, int &value) {
    auto found = object.find(name);
    if (found == object.end() || !found->is_number_integer()) {
        return false;
    }
    const int64_t number = found->get<int64_t>();
    if (number < 0 || number > 1000000000) {
        return false;
    }
    value = static_cast<int>(number);
    return true;
}

} // namespace

bool readMode(const nlohmann::json &result, Mode &mode) { return parseMode(stringMember(result, "mode"), mode); }

bool readCandidatePage(const nlohmann::json &page, CandidatePage &out) {
    if (!page.is_object()) {
        return false;
    }
    CandidatePage read;
    auto items = page.find("items");
    if (!indexMember(page, "start", read.start) || !indexMember(page, "highlight", read.highlight) ||
        !indexMember(page, "total", read.total) || items == page.end() || !items->is_array() || items->empty() ||
        items->size() > static_cast<size_t>(candidatePageSize)) {
        return false;
    }
    const int count = static_cast<int>(items->size());
    if (read.start % candidatePageSize != 0 || read.highlight < read.start || read.highlight >= read.start + count ||
        read.start + count > read.total) {
        return false;
    }
    for (const auto &item : *items) {
        auto value = item.is_object() ? item.find("value") : item.end();
        if (!item.is_object() || value == item.end() || !value->is_string()) {
            return false;
        }
        read.items.push_back({value->get<std::string>(), stringMember(item, "meaning")});
    }
    out = std::move(read);
    return true;
}

bool readStateReply(const nlohmann::json &result, StateReply &reply) {
    if (!result.is_object()) {
        return false;
    }
    StateReply read;
    auto handled = result.find("handled");
    read.handled = handled != result.end() && handled->is_boolean() && handled->get<bool>();
    read.commit = stringMember(result, "commit");
    read.preedit = stringMember(result, "preedit");
    read.hasMode = readMode(result, read.mode);
    if (result.contains("delete_before") &&
        (!indexMember(result, "delete_before", read.deleteBefore) || read.deleteBefore == 0)) {
        return false;
    }
    if (auto candidates = result.find("candidates"); candidates != result.end()) {
        if (candidates->is_null()) {
            read.candidates = StateReply::Candidates::Closed;
        } else if (readCandidatePage(*candidates, read.page)) {
            read.candidates = StateReply::Candidates::Open;
        } else {
            return false;
        }
    }
    reply = std::move(read);
    return true;
}

void readKeyLists(const nlohmann::json &options, KeysymLookup lookup, KeyLists &lists) {
    if (!options.is_object()) {
        return;
    }
    for (std::size_t index = 0; index < static_cast<std::size_t>(KeyList::Count); ++index) {
        const auto list = static_cast<KeyList>(index);
        auto found = options.find(keyListOption(list));
        if (found == options.end() || !found->is_array()) {
            continue;
        }
        std::vector<std::string> names;
        for (const auto &name : *found) {
            if (name.is_string()) {
                names.push_back(name.get<std::string>());
            }
        }
        lists.set(list, names, lookup);
    }
}

} // namespace hanguld
